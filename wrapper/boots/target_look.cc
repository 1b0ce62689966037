#include "wrapper/boots/target_look.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/summary.h"
#include "wrapper/base/errors.h"
#include "wrapper/compare/load_sets.h"
#include "wrapper/compare/sets/metric_groups.h"
#include "wrapper/compare/verdicts/judge.h"

namespace timeit {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The wider side of the judgement's interval, as the summary prints it
/// (report_cells.cc): the row's interval is this judgement's (JudgeRows).
double HalfWidth(const stats::Judgement& j) {
  if (j.constant) return 0;
  const double above = j.high_percent - j.change_percent;
  const double below = j.change_percent - j.low_percent;
  if (!std::isfinite(above) || !std::isfinite(below)) return kNaN;
  return std::max(above, below);
}

stats::Summary SummaryOf(const MetricSeries& series) {
  std::vector<double> values = series.values;
  return stats::SummarizeUnordered(values);
}

/// The widest of `metric`'s rows, judged as JudgeRows judges them (the
/// sets taking part, the baseline first, compare's defaults) but with the
/// deciding test alone: a look needs no Mann-Whitney p, whose exact
/// distribution costs more than the mixed model.
double WidestHalfWidth(const CompareInput& in, const std::string& metric) {
  if (std::find(in.metrics.begin(), in.metrics.end(), metric) == in.metrics.end()) return kNaN;
  const Participants p = SortSets(in, metric);
  if (!BaselineTakesPart(in, p)) return kNaN;
  if (OneValueEverywhere(p, metric)) return 0;  // known exactly: no row, nothing differs
  const CompareSet& base = *p.taking_part.front();
  const MetricSeries& base_series = *FindSeries(base, metric);
  const stats::Summary base_summary = SummaryOf(base_series);
  JudgeOptions options;
  options.lower_is_better = LowerIsBetter(in, metric);
  double widest = 0;
  for (std::size_t i = 1; i < p.taking_part.size(); ++i) {
    const CompareSet& set = *p.taking_part[i];
    const MetricSeries& series = *FindSeries(set, metric);
    const double h = HalfWidth(
        JudgeSeries(base, base_series, base_summary, set, series, SummaryOf(series), options)
            .judgement);
    if (std::isnan(h)) return kNaN;  // one set not known leaves the metric not known
    widest = std::max(widest, h);
  }
  return widest;
}

}  // namespace

std::vector<MetricWidth> TargetWidths(const CompareInput& in,
                                      const std::vector<std::string>& metrics) {
  std::vector<MetricWidth> widths;
  for (const std::string& m : metrics) widths.push_back({m, WidestHalfWidth(in, m)});
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
  for (const std::string& m : metrics) widths.push_back({m, kNaN});
  return widths;
}

}  // namespace timeit
