#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"
#include "platforms/unique_fd.h"

namespace timeit::counters {

/// What a held child does between the moment it sleeps in its held read and
/// its exec, counted on the child itself so that a count that takes it in
/// (counting by cgroup: from the child's creation in the run's cgroup) can
/// take it out again and equal what perf stat's enable_on_exec counts.
///
/// Each event is opened on the sleeping child, enabled, with remove_on_exec
/// (Linux 5.13+): perf_event_exec() removes it at the very point where it
/// enables perf's own enable_on_exec counters, and its count stays readable
/// afterwards, as an exited task's does. Opened while the child sleeps, it
/// starts when the child is scheduled in after its release, as the cgroup's
/// per-CPU events do (their baseline is read while it sleeps too), so the
/// two windows are one: what runs in user mode and every tracepoint hit
/// between them is the same in both, and the difference is exact. Kernel
/// mode is not: the cgroup's events and the task's are switched in at
/// slightly different places of the scheduler's path.
class PreExecCounters {
 public:
  /// The events of a series, in its order; user_only as its counters.
  PreExecCounters(std::vector<EventEncoding> events, bool user_only);

  /// Opens `counted` events (indices) on the sleeping child `pid`, the
  /// hardware ones as one perf group; closes the last run's. An event that
  /// fails to open has no count this run.
  void Open(pid_t pid, const std::vector<std::size_t>& counted);

  /// After the run: event `e`'s count before the exec, when it was on a
  /// counter for all of that time; nullopt (with `why`) when it could not be
  /// opened or read, or was multiplexed, so that no exact count exists.
  std::optional<std::uint64_t> Count(std::size_t e, std::string& why) const;

  /// Closes this run's events.
  void Close();

 private:
  std::vector<EventEncoding> events_;
  bool user_only_;
  std::vector<platforms::UniqueFd> fds_;  ///< per event; closed when not counted this run
  std::vector<int> open_errors_;          ///< per event: errno of this run's failed open
};

/// 0 where events can be opened with remove_on_exec here, otherwise errno
/// (EINVAL before Linux 5.13, where the bit is reserved).
int ProbeRemoveOnExec();

/// Waits until the held child `pid` sleeps in its read of the go pipe (the
/// kernel's /proc/PID/syscall names read(2) only when the task is blocked
/// in it and off its CPU), for at most `deadline`. False when it did not in
/// time, is gone, or /proc/PID/syscall cannot be read (no ptrace access,
/// no CONFIG_HAVE_ARCH_TRACEHOOK); `why` then says which.
bool AwaitSleepingInRead(pid_t pid, std::chrono::milliseconds deadline, std::string& why);

}  // namespace timeit::counters
