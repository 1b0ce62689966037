#pragma once

#include <cstdint>
#include <string>

namespace timeit::counters {

/// Where an encoding came from; shown by `timeit events`.
enum class EventOrigin {
  kLibpfm,      ///< pfm_get_os_event_encoding, e.g. skl::ICACHE_64B:IFTAG_MISS
  kGeneric,     ///< a kernel generic event, e.g. cpu-cycles, task-clock
  kRaw,         ///< rNNNN on the command line
  kTracepoint,  ///< subsystem:event, id read from tracefs
};

/// What goes into perf_event_attr for one event; the privilege level
/// (exclude_kernel) is chosen when it is opened.
struct EventEncoding {
  std::uint32_t type = 0;
  std::uint64_t config = 0;
  std::uint64_t config1 = 0;
  std::uint64_t config2 = 0;
  EventOrigin origin = EventOrigin::kGeneric;
  std::string name;  ///< canonical name (libpfm4's, perf's generic, or the tracepoint)
};

/// "type 4 (raw), config 0x283" — config1 added when it matters.
std::string DescribeEncoding(const EventEncoding& encoding);

}  // namespace timeit::counters
