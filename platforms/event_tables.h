#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "platforms/metrics.h"
#include "platforms/platform.h"

namespace timeit::platforms {

/// The events to try for `metric` on `platform`, best first. Entries are
/// event strings in the syntax `-e` accepts:
///   "skl::ICACHE_64B:IFTAG_MISS"  a libpfm4 event, always with its PMU
///   "cpu-cycles", "L1-icache-load-misses", "task-clock"  kernel generic
///   "raw_syscalls:sys_enter"  a tracepoint
/// Platform entries come first; the generic entries follow on every
/// platform, so a metric whose PMU event the kernel refuses (a VM, an EC2
/// size that hides part of the PMU) still gets the kernel's mapping.
/// Empty for a metric the platform lacks (exc-svc off Neoverse N1).
std::vector<std::string> EventChain(PlatformId platform, Metric metric);

/// A platform table entry: a libpfm4 event with its PMU prefix and the raw
/// perf_event config libpfm4 4.13 encodes it to (user+kernel counting).
struct TableEvent {
  std::string event;
  std::uint64_t expected_config = 0;
};
std::vector<TableEvent> PlatformTableEvents(PlatformId platform, Metric metric);

/// The platform-specific part of the chain alone (no generic fallbacks).
std::vector<std::string> PlatformEvents(PlatformId platform, Metric metric);

}  // namespace timeit::platforms
