#pragma once

#include <cstddef>
#include <vector>

#include "stats/mixed_design.h"

namespace timeit::stats {

/// A linear mixed model fitted by REML, reported as R's nlme reports
/// `lme(y ~ set, random = ~1 | host/boot)`: summary()'s tTable (value,
/// std.error, DF, t, p), VarCorr()'s standard deviations, logLik().
struct MixedModelFit {
  bool ok = false;     ///< false when the design cannot be fitted (N <= sets, a singular X)
  bool exact = false;  ///< every value equals its set's mean: no variance to model
  /// Intercept (the baseline's mean under the model), then each set's
  /// difference from the baseline, in the values' unit.
  std::vector<double> beta;
  std::vector<double> standard_error;
  /// The fixed effects' covariance (vcov() in R), p x p row-major: a ratio
  /// of two set means needs the intercept's covariance with each effect.
  std::vector<double> covariance;
  std::vector<double> df;        ///< nlme's containment degrees of freedom (ContainmentDf)
  std::vector<double> level_sd;  ///< each level's random-intercept sd, outermost first
  double residual_sd = 0;
  double log_likelihood = 0;        ///< REML, as nlme's logLik(); NaN when exact
  std::vector<std::size_t> groups;  ///< the number of groups at each level
};

/// Fits `design` (every set in 0..sets-1 present; at least one level).
MixedModelFit FitMixedModel(const MixedDesign& design);

/// The share of the variance of one value that lies between the groups of
/// `level`: level_sd^2 / (sum of level_sd^2 + residual_sd^2). NaN when there
/// is no variance.
double VarianceShare(const MixedModelFit& fit, std::size_t level);

}  // namespace timeit::stats
