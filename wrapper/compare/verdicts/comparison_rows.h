#pragma once

#include <limits>
#include <string>
#include <vector>

#include "stats/comparison.h"
#include "stats/verdict.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/judge.h"

namespace timeit {

/// One line of the summary: one set against the baseline for one metric
/// (or for several metrics whose values are the same in every run), with the
/// design behind its verdict (boots, hosts, variance shares: SeriesDesign).
struct ComparisonRow : SeriesDesign {
  std::string metric;                ///< the first name: the one whose values are read
  std::vector<std::string> same_as;  ///< metrics with the same value in every run ("minflt")
  std::string baseline, set;
  bool lower_is_better = true;
  std::size_t n_baseline = 0, n = 0;
  /// Means and difference in the unit a reader sees (metric_units.h):
  /// task-clock in seconds (the CSV holds nanoseconds), as in the blocks.
  double mean_baseline = 0, mean = 0;
  /// The deciding test's estimate of mean - mean_baseline (the mixed
  /// model's is its own, not the difference of the raw means).
  double difference = 0;
  /// Its interval by the test that decided; NaN when undefined. With a
  /// baseline mean of 0 the verdict is read from these, not from `relative`.
  double difference_low = std::numeric_limits<double>::quiet_NaN();
  double difference_high = std::numeric_limits<double>::quiet_NaN();
  /// The estimate and the interval of the test that decided the verdict, in
  /// % of the baseline mean: the very numbers the verdict was read from, the
  /// interval the ratio's (not symmetric; stats::Judgement). Without a bounded
  /// interval of the ratio (the baseline mean 0 or not told from 0) the
  /// interval is NaN and the estimate infinite where that mean is 0.
  stats::RelativeInterval relative;
  stats::MeanTest test = stats::MeanTest::kWelch;         ///< the test that decided
  double p = std::numeric_limits<double>::quiet_NaN();    ///< its two-sided p; NaN: undefined
  double df = std::numeric_limits<double>::quiet_NaN();   ///< its degrees of freedom
  double student_p = 0, welch_p = 0, mann_whitney_p = 0;  ///< NaN when undefined
  bool significant = false;  ///< ministat's "Difference at ...% confidence"
  bool constant = false;     ///< no variance in either set: the difference is exact
  double threshold_percent = 0;
  stats::Verdict verdict = stats::Verdict::kNoDifference;
};

/// The name of a row's metric for a person: "page-faults=minflt".
std::string RowMetricName(const ComparisonRow& row);

/// A group's (or a row's) name with the unit its values are shown in, as
/// the block's legend and the summary give it: "task-clock (s)",
/// "maxrss (KiB)", "page-faults=minflt" (a count has none).
std::string GroupNameWithUnit(const std::vector<std::string>& group);
std::string RowMetricNameWithUnit(const ComparisonRow& row);

/// The verdict as the summary prints it: "same within 1%" for same, the
/// verdict's name otherwise.
std::string VerdictText(const ComparisonRow& row);

/// How the rows are judged.
struct RowOptions {
  double confidence_percent = 95;
  double threshold_percent = 1;
  TestChoice test = TestChoice::kAuto;  ///< --test
  /// Mann-Whitney's p beside the deciding test (the exports' column): off
  /// for a caller that reads only the interval, as `timeit boots`' look,
  /// to which its exact distribution costs more than the mixed model.
  bool rank_test = true;
};

/// The summary's rows: for each group (GroupIdenticalMetrics) that the
/// baseline and another set have two or more values of, not one number in
/// every run, each such set against the baseline (of more sets than
/// ministat plots, a long parameter scan, the last against the first).
/// Each statistic is computed here once; the blocks, the summary, the
/// exports, the gate and --bisect read these rows.
std::vector<ComparisonRow> JudgeRows(const CompareInput& in,
                                     const std::vector<std::vector<std::string>>& groups,
                                     const RowOptions& options);

}  // namespace timeit
