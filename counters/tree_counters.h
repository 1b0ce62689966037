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
  /// Scaled by enabled/running and rounded: a whole number; nullopt unless counted.
  std::optional<double> value;
  std::optional<double> running_fraction;  ///< time_running / time_enabled
  std::string reason;                      ///< for failures: errno text and what to do
  /// Counted by cgroup: why this count keeps timeit's child's work before
  /// its exec (empty when that was taken out, or never in it).
  std::string pre_exec_kept;
};

/// Turns a read into a reading: a counter that never ran is "not counted",
/// never 0; one that ran part of the time is scaled and "multiplexed".
///
/// `reference_enabled` is the run's enabled time as a never-multiplexed
/// event of the same tree measured it (the software group's; see
/// TreeCounters). It is the true enabled time of every event of the tree,
/// and it is needed: from Linux 5.13 until the fix of a3c3c66670ce (6.15,
/// "perf/core: Fix child_total_time_enabled accounting bug at task exit",
/// backported to 6.12), an inherited event that is off the PMU when its task
/// exits hands its parent an enabled time that stops at its last schedule
/// out. Such an event reads as if it ran the whole time (running == enabled)
/// with the count of part of it: on Debian 12's 6.1 under multiplexing, r08
/// read 0.85M of a true 12.45M "running 1.00". With the reference, its share
/// is its running time over the tree's enabled time, and it is scaled by that.
CounterReading ScaleReading(std::uint64_t value, std::uint64_t time_enabled,
                            std::uint64_t time_running,
                            std::optional<std::uint64_t> reference_enabled = std::nullopt);

/// How far the reference's enabled time may lie above an event's own and the
/// event still count as never off the PMU: before Linux 6.2 hardware and
/// software events live in two task contexts whose clocks stop and start a
/// few hundred nanoseconds apart at each context switch.
inline constexpr double kContextClockSkew = 1e-3;

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
/// hardware event leads its own, so that each multiplexes on its own. The
/// software group's enabled time is the reference that scales the hardware
/// events (ScaleReading); with no software event a dummy one leads it.
///
/// With a rotation (--rotate, counters/rotation_plan.h) the rotated
/// hardware events are not inherited from timeit: each run opens its group,
/// one perf group that fits the PMU, on the held child itself (as perf stat
/// does), with inherit and enable_on_exec, and closes it after the read.
/// That costs an open and close per event per run, and buys counts that
/// are never multiplexed.
/// Construct it before the first child is forked.
class TreeCounters {
 public:
  /// `pmu_counters` says how many counters the PMU has ("6 counters and the
  /// cycle counter", platforms' PlatformInfo), for the reason given when a
  /// hardware event gets none in a run; empty when unknown. `rotation`:
  /// groups of hardware event indices counted in turn (see SelectGroup).
  TreeCounters(std::vector<EventEncoding> events, bool user_only, std::string pmu_counters = {},
               std::vector<std::vector<std::size_t>> rotation = {});

  /// The rotation group the next run counts (an index into `rotation`).
  void SelectGroup(std::size_t group) { current_ = group; }

  /// The run's child `pid` has been forked (it holds the disabled copies)
  /// and has not exec'd yet: read the baseline, open the rotation group.
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
    bool hardware = false;  ///< a PMU event's group: may be multiplexed
    platforms::UniqueFd leader;
    std::vector<platforms::UniqueFd> members;  ///< after the leader
    /// Event index per value, leader first; kReference for the dummy leader.
    std::vector<std::size_t> events;
    GroupCount baseline;
    bool baseline_ok = false;
  };
  void OpenGroups();
  bool Rotated(std::size_t event) const;
  void AddGroup(platforms::UniqueFd leader, const EventEncoding& encoding, std::size_t event);
  /// This run's change of the group's counts and times since Attach's
  /// read; nullopt (with the events' readings saying why) when a read failed.
  std::optional<GroupCount> ReadDelta(Group& g, std::vector<CounterReading>& readings);
  /// A software dummy event as the software group's leader when no
  /// software event or tracepoint leads one: the reference enabled time.
  void OpenReferenceGroup();

  static constexpr std::size_t kReference = static_cast<std::size_t>(-1);

  std::vector<EventEncoding> events_;
  bool user_only_;
  std::string pmu_counters_;
  std::vector<Group> groups_;
  std::optional<std::size_t> shared_;  ///< index of the software/tracepoint group
  /// One disabled, non-inherited copy of each group's leader. A task
  /// context holding an event that is not inherited is never marked as a
  /// clone in its children, so the kernel's context-switch optimisation
  /// (swapping equivalent parent and child contexts instead of scheduling
  /// them) never moves timeit's own events into a run's child: when that
  /// child exited they would leave timeit's context and later runs would
  /// not inherit them. Seen as "never enabled" runs under ASan's timing.
  std::vector<platforms::UniqueFd> clone_blockers_;
  std::vector<int> open_errors_;  ///< per event: errno of a failed open, else 0

  /// --rotate: the groups, the one this run counts, and its fds on the child.
  void OpenRotationGroup(pid_t pid);
  void CollectRotationGroup(std::optional<std::uint64_t> reference,
                            std::vector<CounterReading>& readings);
  std::vector<std::vector<std::size_t>> rotation_;
  std::size_t current_ = 0;
  std::vector<platforms::UniqueFd> run_fds_;  ///< leader first
  int run_error_ = 0;                         ///< errno of a failed open this run
};

}  // namespace timeit::counters
