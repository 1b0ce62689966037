#include "wrapper/compare/verdicts/drift.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "stats/mann_kendall.h"
#include "wrapper/base/p_value_text.h"

namespace timeit {
namespace {

constexpr double kDriftP = 0.01;

bool Watched(const CompareInput& in, const std::string& metric) {
  return metric == "real" ||
         std::find(in.counters.begin(), in.counters.end(), metric) != in.counters.end();
}

}  // namespace

std::optional<std::string> DriftWarning(const CompareInput& in,
                                        const std::vector<std::string>& metrics) {
  std::vector<std::string> trends;
  for (const CompareSet& s : in.sets) {
    for (const std::string& metric : metrics) {
      if (!Watched(in, metric)) continue;
      const auto it = s.metrics.find(metric);
      if (it == s.metrics.end()) continue;
      const stats::TrendTest t = stats::MannKendall(it->second.values);
      if (!(t.p < kDriftP)) continue;
      trends.push_back(fmt::format("{}.{} {} over the series ({})", s.label, metric,
                                   t.s > 0 ? "rises" : "falls", PValueClause(t.p)));
    }
  }
  if (trends.empty()) return std::nullopt;
  return fmt::format("{}: thermal or page-cache drift?", fmt::join(trends, ", "));
}

}  // namespace timeit
