#pragma once

#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/event_status.h"
#include "platforms/metrics.h"
#include "platforms/platform.h"
#include "platforms/unique_fd.h"

namespace timeit::counters {

/// One entry of a metric's fallback chain, as tried.
struct ChainStep {
  std::string event;
  EventStatus status = EventStatus::kUnknown;  ///< kCounted: the kernel accepted it
  std::optional<EventEncoding> encoding;
  std::string reason;
};

/// What will be counted for one -e word (a metric name or an event string).
struct PlannedCounter {
  std::string label;                        ///< the word, e.g. "icache-misses"
  std::optional<platforms::Metric> metric;  ///< set for our metric names
  EventStatus status = EventStatus::kUnknown;
  std::optional<EventEncoding> encoding;  ///< the chosen event's, when kCounted
  std::string event;                      ///< the chosen chain entry
  std::string reason;                     ///< when not kCounted: why, and what to do
  std::vector<ChainStep> steps;           ///< every chain entry tried, in order
};

/// Everything decided once per series.
struct CounterPlan {
  platforms::PlatformId platform = platforms::PlatformId::kGeneric;
  bool user_only = false;  ///< kernel counting forbidden: exclude_kernel everywhere
  std::vector<PlannedCounter> counters;
  std::vector<std::string> notes;  ///< user_only and similar, said once
  /// Tracepoint events held open (disabled) on timeit itself for the whole
  /// series: the kernel patches its code when a tracepoint gets its first
  /// perf event (~40 ms in a VM); with one always registered, each run's
  /// open is as cheap as a software event's.
  std::vector<platforms::UniqueFd> keepers;
};

struct PlanOptions {
  platforms::PlatformId platform = platforms::PlatformId::kGeneric;
  /// nullopt: ask the kernel (ProbeKernelCounting); tests force a mode.
  std::optional<bool> user_only;
};

/// Resolves each word: a metric name walks the platform's chain (see
/// platforms/event_tables.h), anything else goes to ParseEventString; every
/// candidate is probed with perf_event_open on this process, because
/// libpfm4 calls a PMU present from CPUID even where the kernel has none.
/// Duplicate words are dropped.
CounterPlan PlanCounters(const std::vector<std::string>& words, const PlanOptions& options);

/// The default -e list: every metric, in CSV order.
std::vector<std::string> DefaultCounterWords();

}  // namespace timeit::counters
