#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/event_status.h"
#include "counters/unique_fd.h"

namespace timeit::counters {

/// One counter's outcome for one run.
struct CounterReading {
  EventStatus status = EventStatus::kNotCounted;  ///< kCounted, kMultiplexed or a failure
  std::optional<double> value;  ///< scaled by enabled/running; nullopt unless counted
  std::optional<double> running_fraction;  ///< time_running / time_enabled
  std::string reason;                      ///< for failures: errno text and what to do
};

/// Turns a read into a reading: a counter that never ran is "not counted",
/// never 0; one that ran part of the time is scaled and "multiplexed".
CounterReading ScaleReading(std::uint64_t value, std::uint64_t time_enabled,
                            std::uint64_t time_running);

/// Counts a set of events over one process tree: opened on the child while
/// it waits before exec (enable_on_exec, inherit), read after it is reaped.
/// One instance serves a whole series: Attach, Collect, Attach, Collect...
class TreeCounters {
 public:
  TreeCounters(std::vector<EventEncoding> events, bool user_only);

  /// Opens every event on `pid`, which must not have exec'd yet. A failure
  /// is kept per event and reported by Collect.
  void Attach(pid_t pid);

  /// Reads and closes the run's counters, one reading per event. Call after
  /// the child has been reaped: by then its exited descendants' counts have
  /// been folded into the inherited counters.
  std::vector<CounterReading> Collect();

  std::size_t size() const { return events_.size(); }

 private:
  std::vector<EventEncoding> events_;
  bool user_only_;
  std::vector<UniqueFd> fds_;
  std::vector<int> errors_;
};

}  // namespace timeit::counters
