#pragma once

#include <vector>

#include "stats/mixed_design.h"

namespace timeit::stats {

/// The generalised least squares solution of the grouped design at given
/// variance ratios gamma[k] = sigma_k^2 / sigma^2 (one per level, outermost
/// first), in the design's scaled units (see GroupedSums), and the REML
/// log-likelihood with sigma^2 profiled out, as nlme's logLik() reports it
/// for method = "REML":
///   -1/2 [(N-p) log(2 pi s^2) + log|H| + log|X' H^-1 X| + (N-p)],
/// H = I + sum_k gamma_k Z_k Z_k', s^2 = r' H^-1 r / (N-p).
struct GlsSolution {
  std::vector<double> beta;        ///< intercept, then each set minus the baseline
  std::vector<double> covariance;  ///< s^2 (X' H^-1 X)^-1, p x p row-major
  double sigma2 = 0;               ///< s^2, the residual variance
  double log_likelihood = 0;       ///< -inf when X' H^-1 X is singular or N <= p
};

GlsSolution SolveGls(const GroupedSums& sums, const std::vector<double>& gamma);

/// The variance ratios that maximise the REML log-likelihood, each in
/// [0, e^25]: for each level a grid in log gamma (with gamma = 0) finds the
/// basin, Brent's method the optimum in it, the inner levels profiled out
/// at every trial of an outer one. A boundary optimum is gamma = 0 exactly,
/// where nlme, which searches on a log scale, stops at a tiny positive
/// value; the fixed effects agree to that tiny value's relative size.
std::vector<double> MaximiseReml(const GroupedSums& sums);

}  // namespace timeit::stats
