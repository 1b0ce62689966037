#pragma once

#include <string>
#include <vector>

#include "stats/comparison.h"
#include "stats/ministat_report.h"
#include "wrapper/compare/compare_sets.h"

namespace timeit {

/// One line of the summary: one set against the baseline for one metric.
struct ComparisonRow {
  std::string metric, baseline, set;
  bool lower_is_better = true;
  std::size_t n_baseline = 0, n = 0;
  double mean_baseline = 0, mean = 0;
  double difference = 0;             ///< mean - mean_baseline
  stats::RelativeInterval relative;  ///< in % of the baseline mean, ministat's relative line
  double student_p = 0, welch_p = 0, mann_whitney_p = 0;  ///< NaN when undefined
  bool significant = false;  ///< ministat's "Difference at ...% confidence"
  std::string verdict;       ///< "better", "worse" or "no difference"
};

/// Appends to `out`, for each of `metrics` in turn, the ministat block of
/// the sets that have values for it (legend `x LABEL.METRIC`), byte for byte
/// what ministat prints for those columns, blocks separated by a blank
/// line. What cannot be compared is one line instead: a metric the baseline
/// lacks, a set without values or with a single value, a metric with one
/// value in every run of every set. Returns the summary's rows.
std::vector<ComparisonRow> WriteMetricBlocks(const CompareInput& in,
                                             const std::vector<std::string>& metrics,
                                             const stats::MinistatOptions& options,
                                             std::string& out);

/// The verdict of ministat's test, given the metric's direction.
std::string Verdict(bool significant, double difference, bool lower_is_better);

}  // namespace timeit
