#include "wrapper/run/stop_rule.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/mean_interval.h"
#include "stats/summary.h"

namespace timeit {

StopRule::StopRule(TargetCi target, int min_runs, std::size_t column, std::size_t series)
    : target_(std::move(target)), min_runs_(min_runs), column_(column), values_(series) {}

void StopRule::Add(std::size_t series, const MetricValues& values) {
  if (series >= values_.size() || column_ >= values.size() || !values[column_]) return;
  values_[series].push_back(*values[column_]);
}

double StopRule::WidestPercent() const {
  double widest = 0;
  for (const std::vector<double>& v : values_) {
    if (v.size() < 2) return std::numeric_limits<double>::quiet_NaN();
    std::vector<double> copy = v;
    const stats::MeanInterval m = stats::IntervalOfMean(stats::SummarizeUnordered(copy), 95);
    widest = std::max(widest, m.half_width_percent);
  }
  return widest;
}

bool StopRule::Satisfied() const {
  const std::size_t n = values_.front().size();
  for (const std::vector<double>& v : values_)
    if (v.size() != n || v.size() < static_cast<std::size_t>(std::max(min_runs_, 2))) return false;
  return WidestPercent() <= target_.percent;
}

std::string StopRule::Describe() const {
  const double widest = WidestPercent();
  const std::string known = std::isnan(widest) ? std::string("not known (fewer than 2 values)")
                                               : fmt::format("known within +/-{:.2g}%", widest);
  std::size_t runs = 0;
  for (const std::vector<double>& v : values_) runs = std::max(runs, v.size());
  if (Satisfied())
    return fmt::format("stopped after {} measured run{}{}: {} {} (--target-ci {}%)", runs,
                       runs == 1 ? "" : "s", values_.size() > 1 ? " each" : "", target_.metric,
                       known, target_.percent);
  return fmt::format("--max-runs reached after {} measured run{}{}: {} {}, not within {}%", runs,
                     runs == 1 ? "" : "s", values_.size() > 1 ? " each" : "", target_.metric, known,
                     target_.percent);
}

}  // namespace timeit
