#include "counters/tree_counters.h"

#include <cerrno>
#include <cstring>

#include "counters/perf_open.h"

namespace timeit::counters {

CounterReading ScaleReading(std::uint64_t value, std::uint64_t time_enabled,
                            std::uint64_t time_running) {
  CounterReading r;
  if (time_running == 0) {
    r.status = EventStatus::kNotCounted;
    r.reason = time_enabled == 0 ? "never enabled (the command did not exec?)"
                                 : "never scheduled on a PMU counter (too many events?)";
    return r;
  }
  const double fraction =
      time_enabled == 0 ? 1.0 : static_cast<double>(time_running) / static_cast<double>(time_enabled);
  r.running_fraction = fraction > 1.0 ? 1.0 : fraction;
  if (time_running < time_enabled) {
    r.status = EventStatus::kMultiplexed;
    r.value = static_cast<double>(value) * static_cast<double>(time_enabled) /
              static_cast<double>(time_running);
  } else {
    r.status = EventStatus::kCounted;
    r.value = static_cast<double>(value);
  }
  return r;
}

TreeCounters::TreeCounters(std::vector<EventEncoding> events, bool user_only)
    : events_(std::move(events)), user_only_(user_only) {}

void TreeCounters::Attach(pid_t pid) {
  fds_.clear();
  errors_.assign(events_.size(), 0);
  fds_.reserve(events_.size());
  OpenOptions options;
  options.user_only = user_only_;
  options.tree = true;
  for (std::size_t i = 0; i < events_.size(); ++i) {
    OpenedCounter opened = OpenCounter(events_[i], pid, options);
    errors_[i] = opened.error;
    fds_.push_back(std::move(opened.fd));
  }
}

std::vector<CounterReading> TreeCounters::Collect() {
  std::vector<CounterReading> readings(events_.size());
  for (std::size_t i = 0; i < events_.size(); ++i) {
    CounterReading& r = readings[i];
    if (i >= fds_.size() || !fds_[i]) {
      const int err = i < errors_.size() && errors_[i] != 0 ? errors_[i] : EBADF;
      r.status = StatusFromOpenErrno(err);
      r.reason = "perf_event_open on the command: " + ExplainOpenErrno(err);
      continue;
    }
    RawCount raw;
    if (!ReadCounter(fds_[i].get(), raw)) {
      r.status = EventStatus::kNotCounted;
      r.reason = std::string("read: ") + std::strerror(errno);
      continue;
    }
    r = ScaleReading(raw.value, raw.time_enabled, raw.time_running);
  }
  fds_.clear();
  return readings;
}

}  // namespace timeit::counters
