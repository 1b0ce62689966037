#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "counters/event_encoding.h"
#include "platforms/unique_fd.h"

namespace timeit::counters {

/// How to open one counter.
struct OpenOptions {
  bool user_only = false;  ///< exclude_kernel and exclude_hv
  /// Counting process trees: inherit=1 and, for a group leader,
  /// disabled=1 and enable_on_exec=1, so a copy inherited by a child at
  /// fork starts counting at the child's exec and takes in every
  /// descendant. Off for probes (no inheritance into every fork of ours).
  bool tree = true;
  /// -1: the event leads its own group. Otherwise the leader's fd: the
  /// member is scheduled with it (disabled=0, no enable_on_exec of its own).
  int group_fd = -1;
  /// read_format gets PERF_FORMAT_GROUP (set on leaders read with ReadGroup).
  bool group_read = false;
  /// -1: wherever the task runs. A CPU number: count there only, as the
  /// per-CPU events of cgroup counting do.
  int cpu = -1;
  /// `pid` is an open cgroup v2 directory (PERF_FLAG_PID_CGROUP): count the
  /// tasks of that cgroup and below it while they run on `cpu`.
  bool pid_is_cgroup = false;
  /// inherit=1 without `tree`'s enable_on_exec: a running process's new
  /// threads and children are counted too (perf stat -p's way).
  bool inherit = false;
  /// Enabled at the open and removed from the task at its exec
  /// (remove_on_exec, Linux 5.13+), at the very point where enable_on_exec
  /// starts a tree's counters: what a held child does before its exec.
  /// Its count stays readable after, like an exited task's.
  bool until_exec = false;
};

/// An opened counter, or errno.
struct OpenedCounter {
  platforms::UniqueFd fd;
  int error = 0;
};

/// perf_event_open on `pid` (0 = this process) and options.cpu, with
/// PERF_FLAG_FD_CLOEXEC so the fd never leaks into the measured command;
/// read_format is TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING for scaling.
OpenedCounter OpenCounter(const EventEncoding& encoding, pid_t pid, const OpenOptions& options);

/// A counter's three values as read(2) returns them with our read_format.
struct RawCount {
  std::uint64_t value = 0;
  std::uint64_t time_enabled = 0;
  std::uint64_t time_running = 0;
};

/// read(2) of one counter; false (errno set) on a short or failed read.
bool ReadCounter(int fd, RawCount& out);

/// read(2) of a group leader opened with group_read: `members` counts in
/// group order (leader first), sharing one time_enabled/time_running.
struct GroupCount {
  std::uint64_t time_enabled = 0;
  std::uint64_t time_running = 0;
  std::vector<std::uint64_t> values;
};
bool ReadGroup(int fd, std::size_t members, GroupCount& out);

}  // namespace timeit::counters
