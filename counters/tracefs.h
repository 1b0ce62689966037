#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "platforms/system_roots.h"

namespace timeit::counters {

/// Where the kernel's tracepoints are listed: a tracefs, or why there is none.
struct TracefsState {
  /// The directory holding events/<subsystem>/<event>/id; empty when none.
  std::string root;
  /// Set when timeit mounted it: "tracefs on /sys/kernel/tracing".
  std::string mounted;
  /// When `root` is empty: errno of the mount that failed (EPERM: not root).
  int error = 0;
  /// When `root` is empty: why, and the command that fixes it.
  std::string reason;
};

/// Finds tracefs the way perf's tracing_path_mount (tools/lib/api/fs) does:
/// tracefs on /sys/kernel/tracing or debugfs' tracing/ when mounted (any
/// other tracefs mount from /proc/mounts too); otherwise, when `may_mount`,
/// mounts tracefs on /sys/kernel/tracing, else debugfs on /sys/kernel/debug
/// (whose tracing/ the kernel mounts by itself). A freshly booted machine
/// mounts neither until something asks; perf stat does this, so timeit does
/// too. Mounting needs root or CAP_SYS_ADMIN; without, the reason says so.
/// roots.tracefs ($TIMEIT_TRACEFS), when set, is the only place looked at and
/// nothing is mounted (tests point it at a missing directory to play a fresh
/// machine).
TracefsState FindOrMountTracefs(bool may_mount, const platforms::SystemRoots& roots);

/// FindOrMountTracefs(true, SystemRootsFromEnvironment()), once per process:
/// later calls get the first answer, so a series mounts at most once and says
/// so once.
const TracefsState& Tracefs();

/// True once Tracefs() has run in this process (the plan notes a mount
/// only when one was asked for).
bool TracefsLookedUp();

/// A tracepoint's perf_event config (its id), read from
/// <root>/events/<subsystem>/<event>/id. libpfm4 looks for tracepoints only
/// under a mounted debugfs, so timeit reads tracefs itself.
struct TracepointId {
  bool found = false;
  std::uint64_t id = 0;
  int error = 0;  ///< errno of the last attempt when !found (EACCES: tracefs is root-only)
};

/// `name` is "subsystem:event", e.g. "raw_syscalls:sys_enter"; `roots` are
/// tried in order.
TracepointId ReadTracepointId(const std::string& name, const std::vector<std::string>& roots);

/// The same in Tracefs()'s root (mounting it first when needed and allowed).
TracepointId ReadTracepointId(const std::string& name);

/// Where tracefs is mounted when it is: /sys/kernel/tracing, then debugfs'
/// tracing/ (what `timeit check` looks at; counting uses Tracefs()).
std::vector<std::string> DefaultTracefsRoots();

/// True when one of `roots` is a mounted tracefs (has an events/ directory,
/// even one we may not read). Without it no tracepoint can be counted.
bool TracefsMounted(const std::vector<std::string>& roots = DefaultTracefsRoots());

/// True when `name` has the shape of a tracepoint (one colon, no "::",
/// subsystem and event made of [A-Za-z0-9_]).
bool LooksLikeTracepoint(const std::string& name);

}  // namespace timeit::counters
