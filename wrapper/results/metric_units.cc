#include "wrapper/results/metric_units.h"

#include <array>

#include "platforms/metric_name.h"

namespace timeit {
namespace {

struct KnownUnit {
  std::string_view metric;
  DisplayUnit unit;
};

constexpr std::array<KnownUnit, 15> kUnits = {{
    {"real", {"s", 1}},
    {"user", {"s", 1}},
    {"sys", {"s", 1}},
    {"task-clock", {"s", 1e-9}},
    {"maxrss", {"KiB", 1}},
    {"mem-peak", {"KiB", 1}},
    {"cgroup-user", {"s", 1e-6}},
    {"cgroup-sys", {"s", 1e-6}},
    {"psi-cpu", {"s", 1e-6}},
    {"psi-memory", {"s", 1e-6}},
    {"psi-io", {"s", 1e-6}},
    {"io-read", {"B", 1}},
    {"io-write", {"B", 1}},
    // Google benchmark's, read in seconds whatever its time_unit.
    {"real_time", {"s", 1}},
    {"cpu_time", {"s", 1}},
}};

}  // namespace

DisplayUnit DisplayUnitOf(std::string_view metric) {
  const std::string base = platforms::MetricBaseName(metric, platforms::MetricTarget::kDrop);
  for (const KnownUnit& k : kUnits)
    if (k.metric == base) return k.unit;
  return {};
}

std::string WithUnit(std::string_view metric) {
  const DisplayUnit u = DisplayUnitOf(metric);
  std::string text(metric);
  if (!u.unit.empty()) text += " (" + std::string(u.unit) + ")";
  return text;
}

}  // namespace timeit
