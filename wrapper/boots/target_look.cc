#include "wrapper/boots/target_look.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/nan.h"
#include "wrapper/base/errors.h"
#include "wrapper/compare/load_sets.h"
#include "wrapper/compare/sets/metric_groups.h"
#include "wrapper/compare/verdicts/comparison_rows.h"

namespace timeit {
namespace {

using stats::kNaN;

/// The wider side of a row's interval, as the summary prints it
/// (report_cells.cc). A difference with an interval whose ratio has none
/// (the baseline's mean not told from 0 across boots) is known to be
/// unbounded: infinitely wide, never within a target. Not known (NaN) is only
/// a difference without an interval, such as one boot of a set.
double HalfWidth(const ComparisonRow& row) {
  if (row.constant) return 0;
  const double above = row.relative.high_percent - row.relative.estimate_percent;
  const double below = row.relative.estimate_percent - row.relative.low_percent;
  if (std::isfinite(above) && std::isfinite(below)) return std::max(above, below);
  if (std::isfinite(row.difference_low) && std::isfinite(row.difference_high))
    return std::numeric_limits<double>::infinity();
  return kNaN;
}

/// The widest of `metric`'s summary rows (JudgeRows, compare's defaults,
/// without the Mann-Whitney p a look does not read), and each row's
/// estimate.
MetricWidth Widest(const CompareInput& in, const std::string& metric) {
  MetricWidth w{metric, kNaN, {}};
  if (std::find(in.metrics.begin(), in.metrics.end(), metric) == in.metrics.end()) return w;
  const Participants p = SortSets(in, metric);
  if (!BaselineTakesPart(in, p)) return w;
  w.half_width_percent = 0;
  if (OneValueEverywhere(p, metric)) return w;  // known exactly: no row, nothing differs
  RowOptions options;
  options.rank_test = false;
  for (const ComparisonRow& row : JudgeRows(in, {{metric}}, options)) {
    const double h = HalfWidth(row);
    if (std::isnan(h)) return {metric, kNaN, {}};  // one set not known leaves the metric not known
    w.half_width_percent = std::max(w.half_width_percent, h);
    w.differences.emplace_back(row.set, row.relative.estimate_percent);
  }
  return w;
}

}  // namespace

std::vector<MetricWidth> TargetWidths(const CompareInput& in,
                                      const std::vector<std::string>& metrics) {
  std::vector<MetricWidth> widths;
  for (const std::string& m : metrics) widths.push_back(Widest(in, m));
  return widths;
}

std::vector<MetricWidth> LookAtResults(const std::string& csv,
                                       const std::vector<std::string>& metrics, std::string& why) {
  try {
    std::vector<std::string> notes;
    return TargetWidths(LoadCompareSets({csv}, notes), metrics);
  } catch (const Error& e) {
    why = e.what();
  }
  std::vector<MetricWidth> widths;
  for (const std::string& m : metrics) widths.push_back({m, kNaN, {}});
  return widths;
}

}  // namespace timeit
