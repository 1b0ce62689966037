#include "wrapper/compare/report_cells.h"

#include <cmath>

#include "wrapper/compare/compare_numbers.h"
#include "wrapper/results/metric_units.h"

namespace timeit {
namespace {

/// SiNumber, or "-" for what is undefined (NaN: a stddev of one value).
std::string NumberText(double v) { return std::isnan(v) ? "-" : SiNumber(v); }

}  // namespace

std::string PValueText(double p) {
  if (std::isnan(p)) return "-";
  return p < 0.0001 ? "<0.0001" : SiNumber(std::round(p * 1e4) / 1e4);
}

std::string RowCells::Difference(std::string_view plus_minus) const {
  if (exact) return estimate + " exact";
  if (margin.empty()) return estimate;
  return estimate + " " + std::string(plus_minus) + " " + margin;
}

std::vector<RowCells> FormatRowCells(const std::vector<ComparisonRow>& rows) {
  std::vector<RowCells> cells;
  cells.reserve(rows.size());
  for (const ComparisonRow& r : rows) {
    RowCells c;
    c.row = r;
    c.names.push_back(r.metric);
    c.names.insert(c.names.end(), r.same_as.begin(), r.same_as.end());
    c.metric = RowMetricNameWithUnit(r);
    c.unit = DisplayUnitOf(r.metric).unit;
    c.better = r.lower_is_better ? "lower" : "higher";
    c.mean_baseline = SiNumber(r.mean_baseline);
    c.mean = SiNumber(r.mean);
    c.estimate = ReadablePercent(r.relative.estimate_percent, true) + "%";
    c.exact = r.constant;
    const double margin = r.relative.high_percent - r.relative.estimate_percent;
    if (!r.constant && !std::isnan(margin)) c.margin = ReadablePercent(margin, false) + "%";
    c.student_p = PValueText(r.student_p);
    c.welch_p = PValueText(r.welch_p);
    c.mann_whitney_p = PValueText(r.mann_whitney_p);
    c.verdict = VerdictText(r);
    cells.push_back(std::move(c));
  }
  return cells;
}

std::optional<stats::Summary> SetSummary(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  if (it == set.metrics.end() || it->second.values.empty()) return std::nullopt;
  std::vector<double> copy = it->second.values;
  return stats::SummarizeUnordered(copy);
}

std::optional<SetCells> FormatSetCells(const CompareSet& set, const std::string& metric,
                                       double confidence_percent) {
  const std::optional<stats::Summary> summary = SetSummary(set, metric);
  if (!summary) return std::nullopt;
  SetCells c;
  c.summary = *summary;
  c.interval = stats::IntervalOfMean(c.summary, confidence_percent);
  const stats::Summary& s = c.summary;
  c.n = std::to_string(s.n);
  c.min = NumberText(s.min);
  c.median = NumberText(s.median);
  c.mean = NumberText(s.mean);
  c.margin = NumberText(c.interval.half_width);
  c.max = NumberText(s.max);
  c.stddev = s.n >= 2 ? NumberText(s.stddev) : "-";
  return c;
}

}  // namespace timeit
