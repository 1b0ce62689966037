#include "counters/cgroup_counters.h"

#include <fcntl.h>
#include <linux/perf_event.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <utility>

#include "counters/generic_events.h"
#include "platforms/cgroup2.h"
#include "platforms/perf_event_paranoid_fix.h"
#include "platforms/unique_fd.h"

namespace timeit::counters {
namespace {

/// How long a held child may take to reach its read: it is a few system
/// calls away, but a loaded or sanitized machine may not run it at once.
constexpr std::chrono::milliseconds kAwaitHeld{2000};

/// Said once when a series' counts keep the child's work before its exec.
constexpr const char* kKept =
    "by cgroup, the counts include timeit's child from its creation to its exec (a few system "
    "calls and their instructions, the exec's own kernel work), which perf stat and --count-by "
    "inherit leave out: ";

std::string CpuName(int cpu) { return "CPU " + std::to_string(cpu); }

}  // namespace

int ProbeCgroupCounting(int cgroup_fd, int cpu) {
  OpenOptions options;
  options.tree = false;
  options.pid_is_cgroup = true;
  options.cpu = cpu;
  const OpenedCounter probe = OpenCounter(*FindGenericEvent("task-clock"), cgroup_fd, options);
  return probe.fd ? 0 : probe.error;
}

std::string ExplainCgroupCountingErrno(int err) {
  if (err == EACCES || err == EPERM)
    return std::string("per-CPU events are not permitted (") + std::strerror(err) +
           "): they need root, CAP_PERFMON or kernel.perf_event_paranoid <= 0 (" +
           platforms::ParanoidSysctl(0) + ")";
  if (err == EBADF)
    return std::string("the kernel does not count cgroup v2 directories (") + std::strerror(err) +
           "): the perf_event controller is bound to cgroup v1 here";
  return std::string("perf_event_open with PERF_FLAG_PID_CGROUP: ") + std::strerror(err);
}

std::string CgroupCountingPhrase(std::size_t cpus) {
  return "by cgroup: per-CPU events on each run's cgroup, " + std::to_string(cpus) + " CPU" +
         (cpus == 1 ? "" : "s") + ", no cost per fork";
}

std::string CountingModeHere(const std::vector<int>& cpus) {
  // The runs' cgroups are always this machine's, whatever fixture tree
  // describes another machine's conditions.
  std::string why;
  const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
  if (!where) return "by inheritance: no cgroup for the runs (" + why + ")";
  if (::access((where->own_dir + "/cgroup.procs").c_str(), W_OK) != 0)
    return "by inheritance: no cgroup for the runs (" + where->own_dir +
           " is not writable: " + std::strerror(errno) + ")";
  const platforms::UniqueFd own(::open(where->own_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  const int err = own ? ProbeCgroupCounting(own.get(), cpus.front()) : errno;
  if (err != 0) return "by inheritance: " + ExplainCgroupCountingErrno(err);
  return CgroupCountingPhrase(cpus.size());
}

CgroupCounters::CgroupCounters(const std::vector<EventEncoding>& events, bool user_only,
                               int cgroup_fd, const std::vector<int>& cpus, CountedCgroup whose,
                               std::string pmu_counters,
                               std::vector<std::vector<std::size_t>> rotation)
    : events_(events),
      cpus_(cpus),
      pmu_counters_(std::move(pmu_counters)),
      whose_(whose),
      rotation_(std::move(rotation)) {
  OpenOptions options;
  options.user_only = user_only;
  options.pid_is_cgroup = true;
  per_cpu_.reserve(cpus_.size());
  for (const int cpu : cpus_) {
    options.cpu = cpu;
    per_cpu_.emplace_back(events_, cgroup_fd, options, rotation_);
  }
  baseline_.resize(cpus_.size());
  baseline_ok_.resize(cpus_.size());
  if (!rotation_.empty()) SelectGroup(0);
  if (whose_ != CountedCgroup::kTheRuns) return;
  if (const int err = ProbeRemoveOnExec(); err != 0) {
    Note(std::string(kKept) + "this kernel cannot count a task until its exec (remove_on_exec, " +
         "Linux 5.13): " + std::strerror(err));
    return;
  }
  pre_exec_ = std::make_unique<PreExecCounters>(events_, user_only);
}

void CgroupCounters::Note(std::string note) { notes_.push_back(std::move(note)); }

std::vector<std::string> CgroupCounters::TakeNotes() { return std::exchange(notes_, {}); }

bool CgroupCounters::CountsThisRun(std::size_t e) const {
  if (rotation_.empty()) return true;
  bool rotated = false;
  for (std::size_t g = 0; g < rotation_.size(); ++g) {
    if (std::find(rotation_[g].begin(), rotation_[g].end(), e) == rotation_[g].end()) continue;
    if (g == current_) return true;
    rotated = true;
  }
  return !rotated;
}

bool CgroupCounters::RotatedHardware(std::size_t e) const {
  // A group of --rotate is made to fill the PMU, so the child's hardware
  // group never gets a counter beside it: its count is never exact and is
  // not taken out. Opened all the same, it cost the cgroup's own group part
  // of a run on the N1 model (instructions.running 0.99997, run 1 of 4),
  // and an exact count is what --rotate promises.
  return !rotation_.empty() && MayMultiplex(events_[e]);
}

void CgroupCounters::Attach(pid_t pid) {
  pre_exec_opened_ = false;
  if (!pre_exec_) return;
  std::string why;
  if (!AwaitSleepingInRead(pid, kAwaitHeld, why)) {
    // No access to /proc/PID/syscall, or a child that blocks elsewhere: the
    // same in every run, so the series stops waiting for it.
    Note(std::string(kKept) + "from this run on, as " + why);
    pre_exec_.reset();
    return;
  }
  // The child sleeps, off every CPU: the cgroup's counts from here and the
  // child's own events, which start when it is next scheduled in, cover the
  // same work up to its exec.
  for (std::size_t c = 0; c < per_cpu_.size(); ++c) per_cpu_[c].Read(baseline_[c], baseline_ok_[c]);
  std::vector<std::size_t> counted;
  for (std::size_t e = 0; e < events_.size(); ++e)
    if (CountsThisRun(e) && !RotatedHardware(e)) counted.push_back(e);
  pre_exec_->Open(pid, counted);
  pre_exec_opened_ = true;
}

void CgroupCounters::TakeOutPreExec(std::vector<CounterReading>& readings) {
  for (std::size_t e = 0; e < events_.size(); ++e) {
    CounterReading& r = readings[e];
    if (!r.value || !CountsThisRun(e)) continue;
    if (RotatedHardware(e)) {
      r.pre_exec_kept = "--rotate's group fills the PMU's counters and leaves the child none";
      continue;
    }
    std::string why;
    const std::optional<std::uint64_t> before = pre_exec_->Count(e, why);
    if (!before) {
      r.pre_exec_kept = why;
      continue;
    }
    // Kernel-mode counts differ by the scheduler's few instructions between
    // the two switch-ins; never below 0.
    r.value = std::max(0.0, *r.value - static_cast<double>(*before));
  }
  pre_exec_->Close();
}

void CgroupCounters::SelectGroup(std::size_t group) {
  const std::size_t selected = group % std::max<std::size_t>(1, rotation_.size());
  // The last run read its own group alone.
  if (selected != current_) baseline_is_last_run_ = false;
  current_ = selected;
  for (EventGroups& cpu : per_cpu_) cpu.SelectRotationGroup(current_);
}

void CgroupCounters::BeforeStart() {
  if (baseline_is_last_run_) return;  // nothing has counted since
  for (std::size_t c = 0; c < per_cpu_.size(); ++c) per_cpu_[c].Read(baseline_[c], baseline_ok_[c]);
}

std::vector<CounterReading> CgroupCounters::Collect() {
  std::vector<std::vector<TargetDelta>> deltas(events_.size());
  std::vector<CounterReading> readings(events_.size());
  std::vector<RawCount> now;
  std::vector<bool> ok;
  for (std::size_t c = 0; c < per_cpu_.size(); ++c) {
    per_cpu_[c].Read(now, ok);
    for (std::size_t e = 0; e < events_.size(); ++e) {
      CounterReading& r = readings[e];
      if (const int err = per_cpu_[c].open_error(e); err != 0 && r.reason.empty()) {
        r.status = StatusFromOpenErrno(err);
        r.reason = "perf_event_open on " + CpuName(cpus_[c]) + ": " + ExplainOpenErrno(err);
      } else if ((!ok[e] || !baseline_ok_[c][e]) && r.reason.empty()) {
        r.reason = "read on " + CpuName(cpus_[c]) + " failed";
      }
      const RawCount& b = baseline_[c][e];
      deltas[e].push_back(TargetDelta{now[e].value - b.value, now[e].time_enabled - b.time_enabled,
                                      now[e].time_running - b.time_running});
    }
    if (whose_ == CountedCgroup::kTheRuns) {
      std::swap(baseline_[c], now);
      std::swap(baseline_ok_[c], ok);
    }
  }
  baseline_is_last_run_ = whose_ == CountedCgroup::kTheRuns;
  for (std::size_t g = 0; g < rotation_.size(); ++g) {
    if (g == current_) continue;
    for (std::size_t e : rotation_[g]) {
      // The companions (cycles, instructions) are in this run's group too.
      if (std::find(rotation_[current_].begin(), rotation_[current_].end(), e) !=
          rotation_[current_].end())
        continue;
      readings[e].status = EventStatus::kOtherRun;
      readings[e].reason = "--rotate: counted in the runs of group " + std::to_string(g + 1) +
                           " of " + std::to_string(rotation_.size());
    }
  }
  for (std::size_t e = 0; e < events_.size(); ++e) {
    if (!readings[e].reason.empty()) continue;  // failed on some CPU: never a partial sum
    readings[e] = SumScaled(deltas[e], /*idle_is_zero=*/whose_ == CountedCgroup::kAnother,
                            MayMultiplex(events_[e]));
    if (readings[e].status == EventStatus::kNotCounted &&
        readings[e].reason.starts_with("no PMU") && !pmu_counters_.empty())
      readings[e].reason += " (" + pmu_counters_ + ")";
  }
  if (pre_exec_opened_) TakeOutPreExec(readings);
  pre_exec_opened_ = false;
  return readings;
}

}  // namespace timeit::counters
