#pragma once

#include <optional>
#include <string>
#include <vector>

#include "wrapper/run/run_options.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// Decides when an adaptive series (--min-runs, --max-runs, --target-ci)
/// stops: after at least `min_runs` measured runs of every series, as soon
/// as every series has as many runs as the others (a whole round of an
/// interleaved --config series) and the 95% confidence interval of each
/// series' mean of the metric lies within +/- percent of that mean
/// (stats::IntervalOfMean, Student's t at n-1). The run loop stops at
/// --max-runs regardless.
class StopRule {
 public:
  /// `column` is the metric's index in the run's MetricValues; `series`
  /// how many series are measured (1, or the number of configurations).
  StopRule(TargetCi target, int min_runs, std::size_t column, std::size_t series);

  /// A measured (not warm-up) run of series `series` finished.
  void Add(std::size_t series, const MetricValues& values);

  /// Whether the series may stop now.
  bool Satisfied() const;

  /// What happened, for one line on stderr: "stopped after 7 measured
  /// runs: real known within +/-0.61% (--target-ci 1%)" or "--max-runs
  /// reached after 50 measured runs: real known within +/-1.8%, not within
  /// 1%". Read off the runs themselves, not off why the loop ended: a target
  /// met on the last allowed run was met.
  std::string Describe() const;

 private:
  /// The widest half-width among the series, in % of its mean; NaN with
  /// fewer than 2 values somewhere.
  double WidestPercent() const;

  TargetCi target_;
  int min_runs_;
  std::size_t column_;
  std::vector<std::vector<double>> values_;  ///< per series
};

}  // namespace timeit
