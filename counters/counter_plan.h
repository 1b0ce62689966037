#pragma once

#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/event_status.h"
#include "platforms/kernel_pmus.h"
#include "platforms/metrics.h"
#include "platforms/platform.h"
#include "platforms/system_roots.h"
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
  /// A hardware event the PMU's own list (platforms/pmu_events.h) neither
  /// confirms nor denies: a count of exactly 0 may mean "not implemented".
  bool unchecked_hardware = false;
};

/// Everything decided once per series.
struct CounterPlan {
  platforms::PlatformId platform = platforms::PlatformId::kGeneric;
  bool user_only = false;  ///< kernel counting forbidden: exclude_kernel everywhere
  std::vector<PlannedCounter> counters;
  std::vector<std::string> notes;  ///< user_only, a tracefs mounted, said once
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
  /// Where the machine is read: the CPU PMU's event list under
  /// roots.EventSourceDir() (tests point roots.sys at a fixture tree) and
  /// perf_event_paranoid for the user-only note.
  platforms::SystemRoots roots;
  /// The kernel's PMUs as the run read them (Machine::pmus), so that the
  /// PMU directory is read once a run; nullopt: read under roots.
  std::optional<std::vector<platforms::KernelPmu>> pmus;
  /// Count events the PMU's list says it lacks (--force-events): for a PMU
  /// whose list is wrong, at the price of a possible silent 0.
  bool force_events = false;
};

/// Resolves each word: a metric name walks the platform's chain (see
/// platforms/event_tables.h), anything else goes to ParseEventString; a raw
/// Arm event the PMU's sysfs list lacks is kNotImplemented (unless forced);
/// every candidate is probed with perf_event_open on this process, because
/// libpfm4 calls a PMU present from CPUID even where the kernel has none.
/// A metric is never kUnknown (that is for typos, a usage error): a metric
/// the machine cannot count is kNotSupported with the reason. Duplicate
/// words are dropped.
CounterPlan PlanCounters(const std::vector<std::string>& words, const PlanOptions& options);

/// The default -e list: every metric of the default set, in CSV order.
std::vector<std::string> DefaultCounterWords();

}  // namespace timeit::counters
