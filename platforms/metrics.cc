#include "platforms/metrics.h"

namespace timeit::platforms {
namespace {

constexpr MetricInfo kMetrics[] = {
    {Metric::kCycles, "cycles", true, false, "CPU cycles, user and kernel"},
    {Metric::kInstructions, "instructions", true, false, "instructions retired"},
    {Metric::kIcacheMisses, "icache-misses", true, false, "L1 instruction cache misses"},
    {Metric::kBranchMisses, "branch-misses", true, false, "mispredicted branches retired"},
    {Metric::kCacheMisses, "cache-misses", true, false, "last-level cache misses"},
    {Metric::kSyscalls, "syscalls", false, false, "system calls entered"},
    {Metric::kTaskClock, "task-clock", false, true, "CPU time of the tree, ns"},
    {Metric::kContextSwitches, "context-switches", false, true, "context switches"},
    {Metric::kCpuMigrations, "cpu-migrations", false, true, "migrations between CPUs"},
    {Metric::kPageFaults, "page-faults", false, true, "page faults"},
    {Metric::kExcSvc, "exc-svc", true, false,
     "supervisor calls taken, counted by the PMU (Neoverse N1's EXC_SVC)", false},
};

}  // namespace

std::span<const MetricInfo> AllMetrics() { return kMetrics; }

const MetricInfo& GetMetricInfo(Metric metric) {
  for (const MetricInfo& m : kMetrics) {
    if (m.metric == metric) return m;
  }
  return kMetrics[0];
}

std::optional<Metric> FindMetric(std::string_view name) {
  for (const MetricInfo& m : kMetrics) {
    if (m.name == name) return m.metric;
  }
  return std::nullopt;
}

}  // namespace timeit::platforms
