#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace timeit::platforms {

/// The metrics timeit knows by name. Each maps, per platform, to a chain of
/// events tried in order (see event_tables.h).
enum class Metric {
  kCycles,
  kInstructions,
  kIcacheMisses,
  kBranchMisses,
  kCacheMisses,
  kSyscalls,
  kTaskClock,
  kContextSwitches,
  kCpuMigrations,
  kPageFaults,
  kExcSvc,
};

struct MetricInfo {
  Metric metric;
  std::string_view name;  ///< the -e word and the CSV column
  /// Counted by a hardware PMU on every platform we know; the software
  /// metrics and syscalls (a tracepoint on most machines) work in any VM.
  bool needs_pmu;
  /// Software events are always scheduled, so they are never multiplexed
  /// and get no `.running` column.
  bool software;
  std::string_view description;
  /// In the default set. exc-svc is not: it exists on Neoverse N1 alone,
  /// and the portable count of system calls is `syscalls`.
  bool in_default_set = true;
};

/// All metrics in their CSV order; the default set is those marked so.
std::span<const MetricInfo> AllMetrics();
const MetricInfo& GetMetricInfo(Metric metric);
std::optional<Metric> FindMetric(std::string_view name);

}  // namespace timeit::platforms
