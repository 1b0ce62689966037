#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "counters/event_encoding.h"

namespace timeit::counters {

/// A kernel generic event under the name perf(1) gives it.
struct GenericEvent {
  std::string_view name;
  std::uint32_t type;
  std::uint64_t config;
};

/// All generic events we know: PERF_TYPE_HARDWARE, PERF_TYPE_SOFTWARE and
/// the PERF_TYPE_HW_CACHE misses that matter here (L1-icache-load-misses is
/// config 0x10001: L1I | READ << 8 | MISS << 16).
std::span<const GenericEvent> AllGenericEvents();

/// The encoding for a perf generic name ("cpu-cycles", "cycles",
/// "task-clock", "L1-icache-load-misses", ...), or nullopt.
std::optional<EventEncoding> FindGenericEvent(std::string_view name);

}  // namespace timeit::counters
