#pragma once

#include "stats/summary.h"

namespace timeit::stats {

/// Two one-sided tests (Schuirmann's TOST) for the equivalence of the mean
/// of `x` to the baseline's within +/- `margin` (absolute, in the values'
/// unit), with the pooled variance of Student's t as ministat uses it.
///   lower: H0 difference <= -margin against difference > -margin
///   upper: H0 difference >= +margin against difference < +margin
/// The sets are equivalent at level alpha when p = max(p_lower, p_upper) <
/// alpha, which is the same as the (1 - 2 alpha) interval of the difference
/// lying inside (-margin, +margin).
struct EquivalenceTest {
  double t_lower = 0;  ///< (difference + margin) / standard error
  double t_upper = 0;  ///< (difference - margin) / standard error
  double df = 0;       ///< nx + nb - 2
  double p_lower = 0;  ///< P(T >= t_lower)
  double p_upper = 0;  ///< P(T <= t_upper)
  double p = 0;        ///< max(p_lower, p_upper)
};

/// NaN fields when a set has fewer than 2 values or the pooled variance is
/// 0 (the difference is then exact: no test is needed).
EquivalenceTest TestEquivalence(const Summary& x, const Summary& baseline, double margin);

}  // namespace timeit::stats
