#pragma once

#include <sys/types.h>

#include "counters/event_encoding.h"
#include "counters/unique_fd.h"

namespace timeit::counters {

/// How to open one counter.
struct OpenOptions {
  bool user_only = false;  ///< exclude_kernel and exclude_hv
  /// Counting a process tree: disabled=1, enable_on_exec=1, inherit=1, so
  /// the count starts at exec and includes every descendant. Off for
  /// probes and keepers opened on timeit itself (no inheritance into every
  /// fork of ours, no enabling by our own exec).
  bool tree = true;
};

/// An opened counter, or errno.
struct OpenedCounter {
  UniqueFd fd;
  int error = 0;
};

/// perf_event_open on `pid` (0 = this process), any CPU, with
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

}  // namespace timeit::counters
