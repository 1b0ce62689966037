#pragma once

#include <span>

namespace timeit::stats {

/// The two-sided Wilcoxon rank-sum / Mann-Whitney U test of `x` against `y`,
/// computed as R's wilcox.test(x, y) does with its defaults.
struct MannWhitneyResult {
  double u = 0;        ///< rank sum of x minus nx(nx+1)/2 (R's W); ties get mid-ranks
  double p = 0;        ///< two-sided p-value
  bool exact = false;  ///< p from the exact null distribution of U
  double z = 0;        ///< continuity-corrected normal score; 0 when exact
};

/// Exact p when both sets have fewer than 50 values and no value is tied
/// (R's rule); otherwise the normal approximation with the tie-corrected
/// variance nx*ny/12 * (N+1 - sum(t^3 - t)/(N(N-1))) and a continuity
/// correction of 1/2. NaN p when either set is empty or every value is equal.
/// Sorts a copy of the values: O(N log N) time, 16 bytes per value.
MannWhitneyResult MannWhitneyU(std::span<const double> x, std::span<const double> y);

}  // namespace timeit::stats
