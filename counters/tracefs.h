#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace timeit::counters {

/// Where tracefs may be mounted, in the order we look.
std::vector<std::string> DefaultTracefsRoots();

/// A tracepoint's perf_event config (its id), read from
/// <root>/events/<subsystem>/<event>/id. libpfm4 looks for tracepoints only
/// under a mounted debugfs, so timeit reads tracefs itself.
struct TracepointId {
  bool found = false;
  std::uint64_t id = 0;
  int error = 0;  ///< errno of the last attempt when !found (EACCES: tracefs is root-only)
};

/// `name` is "subsystem:event", e.g. "raw_syscalls:sys_enter".
TracepointId ReadTracepointId(const std::string& name,
                              const std::vector<std::string>& roots = DefaultTracefsRoots());

/// True when one of `roots` is a mounted tracefs (has an events/ directory,
/// even one we may not read). Without it no tracepoint can be counted.
bool TracefsMounted(const std::vector<std::string>& roots = DefaultTracefsRoots());

/// True when `name` has the shape of a tracepoint (one colon, no "::",
/// subsystem and event made of [A-Za-z0-9_]).
bool LooksLikeTracepoint(const std::string& name);

}  // namespace timeit::counters
