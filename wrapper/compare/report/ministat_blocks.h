#pragma once

#include <limits>
#include <string>
#include <vector>

#include "stats/comparison.h"
#include "stats/ministat_report.h"
#include "stats/verdict.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/judge.h"

namespace timeit {

/// One line of the summary: one set against the baseline for one metric
/// (or for several metrics whose values are the same in every run).
struct ComparisonRow {
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
  stats::MeanTest test = stats::MeanTest::kWelch;        ///< the test that decided
  double p = std::numeric_limits<double>::quiet_NaN();   ///< its two-sided p; NaN: undefined
  double df = std::numeric_limits<double>::quiet_NaN();  ///< its degrees of freedom
  std::size_t boots_baseline = 1, boots = 1;             ///< distinct boots of each set's values
  std::size_t hosts = 1;          ///< hosts as a level of the model (1: none)
  bool hosts_confounded = false;  ///< one host per set: host is set
  /// The mixed model's share of the variance between boots (and hosts);
  /// NaN without the model.
  double boot_share = std::numeric_limits<double>::quiet_NaN();
  double host_share = std::numeric_limits<double>::quiet_NaN();
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

/// What the blocks are made with.
struct BlockOptions {
  stats::MinistatOptions ministat;
  double threshold_percent = 1;
  TestChoice test = TestChoice::kAuto;  ///< --test
};

/// The report's metrics: `metrics` in order, each with the later ones whose
/// values are the same as its own in every run of every set (page-faults
/// and minflt), which are compared once, under both names.
std::vector<std::vector<std::string>> GroupIdenticalMetrics(
    const CompareInput& in, const std::vector<std::string>& metrics);

/// Appends to `out`, for each group in turn, the ministat block of the sets
/// that have values for it (legend `x LABEL.METRIC (UNIT)`, `x LABEL.A=B` for
/// a group; no unit for a count), byte for byte what ministat prints for
/// those values (in the unit shown: task-clock's seconds), blocks
/// separated by a blank line. Instead of a block, one line: for a metric
/// constant within every set (`syscalls: constant: 300030 → 300031`), the
/// same in every run of every set, or one that cannot be compared (the
/// baseline lacks it, a set has no values or a single one). Which groups
/// are reported is the caller's choice (compare_metrics.h). Returns the
/// summary's rows.
std::vector<ComparisonRow> WriteMetricBlocks(const CompareInput& in,
                                             const std::vector<std::vector<std::string>>& groups,
                                             const BlockOptions& options, std::string& out);

}  // namespace timeit
