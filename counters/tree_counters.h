#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/event_status.h"
#include "counters/perf_open.h"
#include "platforms/unique_fd.h"

namespace timeit::counters {

/// One counter's outcome for one run.
struct CounterReading {
  EventStatus status = EventStatus::kNotCounted;  ///< kCounted, kMultiplexed or a failure
  std::optional<double> value;             ///< scaled by enabled/running; nullopt unless counted
  std::optional<double> running_fraction;  ///< time_running / time_enabled
  std::string reason;                      ///< for failures: errno text and what to do
};

/// Turns a read into a reading: a counter that never ran is "not counted",
/// never 0; one that ran part of the time is scaled and "multiplexed".
CounterReading ScaleReading(std::uint64_t value, std::uint64_t time_enabled,
                            std::uint64_t time_running);

/// Counts a set of events over the process tree of each run of a series.
///
/// The events are opened once, on timeit itself, disabled, with inherit and
/// enable_on_exec: every child timeit forks gets disabled copies, which the
/// kernel turns on when that child execs, which its descendants inherit,
/// and which fold their counts back into timeit's events when they exit.
/// timeit never execs, so its own work is never counted. This is counting
/// "opened on the child before exec" without two syscalls per event per
/// run: perf_event_open and close per run cost more than a bare spawn of
/// /bin/true, and the first event on a tracepoint makes the kernel patch
/// its code (~40 ms in a VM). A run's counts are the difference between a
/// read before its child execs and one after it is reaped.
///
/// Software events and tracepoints share one group (one read); each
/// hardware event leads its own, so that each multiplexes on its own.
/// Construct it before the first child is forked.
class TreeCounters {
 public:
  /// `pmu_counters` says how many counters the PMU has ("6 counters and the
  /// cycle counter", platforms' PlatformInfo), for the reason given when a
  /// hardware event gets none in a run; empty when unknown.
  TreeCounters(std::vector<EventEncoding> events, bool user_only, std::string pmu_counters = {});

  /// The run's child `pid` has been forked (it holds the disabled copies)
  /// and has not exec'd yet: read the baseline.
  void Attach(pid_t pid);

  /// Reads after the child has been reaped (its exited descendants' counts
  /// have been folded in by then): one reading per event, in order. Each
  /// is scaled by its own enabled/running over this run alone (the deltas
  /// from Attach's read). A hardware event that got no counter time in the
  /// run while others did is kNotCounted, "no PMU counter was free".
  std::vector<CounterReading> Collect();

  std::size_t size() const { return events_.size(); }

 private:
  struct Group {
    platforms::UniqueFd leader;
    std::vector<platforms::UniqueFd> members;  ///< after the leader
    std::vector<std::size_t> events;           ///< event index per value, leader first
    GroupCount baseline;
    bool baseline_ok = false;
  };
  void OpenGroups();

  std::vector<EventEncoding> events_;
  bool user_only_;
  std::string pmu_counters_;
  std::vector<Group> groups_;
  /// One disabled, non-inherited copy of each group's leader. A task
  /// context holding an event that is not inherited is never marked as a
  /// clone in its children, so the kernel's context-switch optimisation
  /// (swapping equivalent parent and child contexts instead of scheduling
  /// them) never moves timeit's own events into a run's child: when that
  /// child exited they would leave timeit's context and later runs would
  /// not inherit them. Seen as "never enabled" runs under ASan's timing.
  std::vector<platforms::UniqueFd> clone_blockers_;
  std::vector<int> open_errors_;  ///< per event: errno of a failed open, else 0
};

}  // namespace timeit::counters
