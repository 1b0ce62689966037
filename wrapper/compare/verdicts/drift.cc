#include "wrapper/compare/verdicts/drift.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include "stats/mann_kendall.h"
#include "wrapper/base/p_value_text.h"

namespace timeit {
namespace {

constexpr double kDriftP = 0.01;

/// Each value's stratum: its boot of its host. Runs of one boot share a
/// level, and a set spanning boots (or a fleet's hosts, one after the other
/// in the file) changes level between them without drifting within any.
std::vector<std::size_t> BootOfEachValue(const CompareSet& set, const MetricSeries& series,
                                         std::size_t& boots) {
  std::unordered_map<std::string, std::size_t> number;
  std::vector<std::size_t> stratum;
  stratum.reserve(series.run_index.size());
  for (const std::size_t run : series.run_index) {
    const std::string& host = run < set.run_hosts.size() ? set.run_hosts[run] : std::string();
    const std::string& boot = run < set.run_boots.size() ? set.run_boots[run] : std::string();
    stratum.push_back(number.try_emplace(host + '\n' + boot, number.size()).first->second);
  }
  boots = number.size();
  return stratum;
}

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
      std::size_t boots = 0;
      const std::vector<std::size_t> stratum = BootOfEachValue(s, it->second, boots);
      const stats::TrendTest t = stats::StratifiedMannKendall(it->second.values, stratum);
      if (!(t.p < kDriftP)) continue;
      trends.push_back(fmt::format(
          "{}.{} {} {} ({})", s.label, metric, t.s > 0 ? "rises" : "falls",
          boots > 1 ? fmt::format("within its {} boots", boots) : std::string("over the series"),
          PValueClause(t.p)));
    }
  }
  if (trends.empty()) return std::nullopt;
  return fmt::format("{}: thermal or page-cache drift?", fmt::join(trends, ", "));
}

}  // namespace timeit
