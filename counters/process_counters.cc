#include "counters/process_counters.h"

#include <dirent.h>

#include <cstdlib>

#include "platforms/whole_number.h"

namespace timeit::counters {

std::vector<pid_t> ThreadsOf(pid_t pid) {
  std::vector<pid_t> tids;
  DIR* d = ::opendir(("/proc/" + std::to_string(pid) + "/task").c_str());
  if (d == nullptr) return tids;
  while (const dirent* e = ::readdir(d)) {
    if (pid_t tid = 0; platforms::ParseWhole(e->d_name, tid)) tids.push_back(tid);
  }
  ::closedir(d);
  return tids;
}

ProcessCounters::ProcessCounters(const std::vector<EventEncoding>& events, bool user_only,
                                 pid_t pid)
    : events_(events), pid_(pid), tids_(ThreadsOf(pid)) {
  OpenOptions options;
  options.user_only = user_only;
  options.inherit = true;
  per_thread_.reserve(tids_.size());
  for (const pid_t tid : tids_) per_thread_.emplace_back(events_, tid, options);
  baseline_.resize(tids_.size());
  baseline_ok_.resize(tids_.size());
}

void ProcessCounters::BeforeStart() {
  for (std::size_t t = 0; t < per_thread_.size(); ++t)
    per_thread_[t].Read(baseline_[t], baseline_ok_[t]);
}

std::vector<CounterReading> ProcessCounters::Collect() {
  std::vector<CounterReading> readings(events_.size());
  if (per_thread_.empty()) {
    for (CounterReading& r : readings) r.reason = "process " + std::to_string(pid_) + " is gone";
    return readings;
  }
  std::vector<std::vector<TargetDelta>> deltas(events_.size());
  std::vector<RawCount> now;
  std::vector<bool> ok;
  for (std::size_t t = 0; t < per_thread_.size(); ++t) {
    per_thread_[t].Read(now, ok);
    for (std::size_t e = 0; e < events_.size(); ++e) {
      CounterReading& r = readings[e];
      if (const int err = per_thread_[t].open_error(e); err != 0 && r.reason.empty()) {
        r.status = StatusFromOpenErrno(err);
        r.reason =
            "perf_event_open on thread " + std::to_string(tids_[t]) + ": " + ExplainOpenErrno(err);
      }
      // A thread that exited keeps its last counts; one unreadable is left out.
      if (!ok[e] || !baseline_ok_[t][e]) continue;
      const RawCount& b = baseline_[t][e];
      deltas[e].push_back(TargetDelta{now[e].value - b.value, now[e].time_enabled - b.time_enabled,
                                      now[e].time_running - b.time_running});
    }
  }
  for (std::size_t e = 0; e < events_.size(); ++e) {
    // A process that did not run during the run counted 0: it was idle.
    if (readings[e].reason.empty())
      readings[e] = SumScaled(deltas[e], /*idle_is_zero=*/true, MayMultiplex(events_[e]));
  }
  return readings;
}

}  // namespace timeit::counters
