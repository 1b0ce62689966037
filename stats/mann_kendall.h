#pragma once

#include <cstddef>
#include <span>

namespace timeit::stats {

/// The Mann-Kendall trend test of a series against its order (Kendall's tau
/// of the values with 1..n): does the series rise or fall as it goes on?
struct TrendTest {
  double s = 0;         ///< sum over i < j of sign(x[j] - x[i]); > 0 rises, < 0 falls
  double variance = 0;  ///< of S under no trend, corrected for ties
  double z = 0;         ///< (S - sign(S)) / sqrt(variance): continuity-corrected
  double p = 0;         ///< two-sided p-value of z under the normal distribution
};

/// The test on `values` in run order, with the tie-corrected variance
///   (n(n-1)(2n+5) - sum over tie groups t(t-1)(2t+5)) / 18
/// and a continuity correction of 1, as R's
/// cor.test(x, seq_along(x), method = "kendall", exact = FALSE,
/// continuity = TRUE) computes it. NaN z and p when n < 3 or every value is
/// equal. O(n log n): S from the discordant pairs a merge sort counts, so a
/// set of a fleet's 10^6 runs takes a fraction of a second.
TrendTest MannKendall(std::span<const double> values);

/// Hirsch and Slack's stratified ("seasonal") form: the values of each
/// stratum tested against their own order, S and its variance summed over
/// the strata, then z and p as above. `stratum[i]` names value i's stratum
/// (numbers of any size). Differences between strata are no trend here: a
/// set's boots, or a fleet's hosts one after the other in the file, differ
/// in level without the runs of any one drifting. One stratum is
/// MannKendall itself.
TrendTest StratifiedMannKendall(std::span<const double> values,
                                std::span<const std::size_t> stratum);

}  // namespace timeit::stats
