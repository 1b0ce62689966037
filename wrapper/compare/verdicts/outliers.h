#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/comparison_rows.h"

namespace timeit {

/// Outlying runs (modified z-score above 3.5, stats::FindOutliers), which
/// are kept, but said only where they matter: one line per set naming the
/// metrics whose verdict would change without that set's outliers. Metrics
/// without variance in a set are not looked at (53 page faults among fifty
/// 50s is no outlier worth a word). With `verbose`, one more line per set
/// and metric with outliers, naming each run (value, file:line, score),
/// whether or not it changes a verdict.
std::vector<std::string> OutlierWarnings(const CompareInput& in,
                                         const std::vector<ComparisonRow>& rows,
                                         double confidence_percent, bool verbose);

}  // namespace timeit
