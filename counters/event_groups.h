#pragma once

#include <sys/types.h>

#include <cstddef>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/perf_open.h"
#include "counters/tree_counters.h"
#include "platforms/unique_fd.h"

namespace timeit::counters {

/// A set of events opened on one target -- one CPU of a cgroup, one thread
/// of a process -- grouped as TreeCounters groups them: software events and
/// tracepoints share a group (one read), each hardware event leads its own
/// (so each multiplexes on its own). Counting from the open on: a run's
/// counts are the difference of two Reads.
class EventGroups {
 public:
  /// `options` says how (cpu, pid_is_cgroup, user_only); `tree` and
  /// `group_fd` are set here. `rotation` (--rotate): groups of event
  /// indices, each opened as one perf group, disabled until selected.
  EventGroups(const std::vector<EventEncoding>& events, pid_t pid, OpenOptions options,
              const std::vector<std::vector<std::size_t>>& rotation = {});

  /// Enables rotation group `group` and disables the others (ioctl); Read
  /// reads it alone of the rotation groups.
  void SelectRotationGroup(std::size_t group);

  /// Every event's value and times now; ok[e] false where its group could
  /// not be opened or read (errno in open_error, or a failed read).
  void Read(std::vector<RawCount>& out, std::vector<bool>& ok) const;
  /// errno of the event's failed open, 0 when it is open.
  int open_error(std::size_t event) const { return open_errors_[event]; }

 private:
  struct Group {
    platforms::UniqueFd leader;
    std::vector<platforms::UniqueFd> members;
    std::vector<std::size_t> events;  ///< leader first
    int rotation = -1;                ///< its --rotate group, or -1: always counting
  };
  void OpenRotationGroup(const std::vector<EventEncoding>& events, pid_t pid,
                         const OpenOptions& options, const std::vector<std::size_t>& group,
                         int index);
  std::vector<Group> groups_;
  std::vector<int> open_errors_;
  int selected_ = -1;  ///< the enabled rotation group
};

/// One target's counts of an event over a run: the deltas of two Reads.
struct TargetDelta {
  std::uint64_t value = 0;
  std::uint64_t enabled = 0;
  std::uint64_t running = 0;
};

/// An event's reading over all targets: each target's count scaled by its
/// own enabled/running, then summed. A target the event ran on for none of
/// its enabled time (every rotation lost) has no count of its own; its share
/// is taken at the rate of the targets where it ran, by their enabled time,
/// and the reading is multiplexed. None ran at all: not counted -- unless
/// `idle_is_zero`, for a target that may truly do nothing during a run (a
/// server waiting for its client): no enabled time at all is then a count of
/// 0, since an event is enabled whenever its task or cgroup runs.
///
/// `may_multiplex` false (software and tracepoint events, MayMultiplex):
/// never scaled. Such an event never waits for a PMU counter, so what it
/// counted is its count; enabled time beyond its running time is the
/// kernel's cgroup clock, not a lost share. A per-CPU cgroup event opened
/// after its cgroup last ran on some CPU can find that CPU's cgroup clock
/// still going (215 ms enabled, 0 running, while the command ran on the
/// other CPU), and extrapolating to it made 100031 system calls 289322.
CounterReading SumScaled(const std::vector<TargetDelta>& targets, bool idle_is_zero = false,
                         bool may_multiplex = true);

}  // namespace timeit::counters
