#pragma once

#include <cstddef>

#include "stats/mixed_model.h"
#include "stats/ratio_interval.h"
#include "stats/summary.h"

namespace timeit::stats {

/// The tests a verdict can rest on.
enum class MeanTest {
  kStudent,     ///< pooled-variance t, with ministat's t table: ministat's own verdict
  kWelch,       ///< unequal variances, Welch-Satterthwaite df: the default
  kMixedModel,  ///< REML, a random intercept per boot (and host): runs across boots
};

/// "Student's t", "Welch's t", "mixed model".
const char* MeanTestName(MeanTest test);

/// The difference of one set's mean from the baseline's as one test sees
/// it, with that test's own interval. A verdict read off `low` and `high`
/// agrees with the p-value: p < 1 - confidence exactly when the interval
/// excludes 0 (up to rounding in the last bit).
struct MeanDifference {
  MeanTest test = MeanTest::kWelch;
  double estimate = 0;        ///< mean(x) - mean(baseline); the model's for kMixedModel
  double standard_error = 0;  ///< of the estimate
  double df = 0;              ///< of the t distribution the interval and p use
  double t = 0;
  double p = 0;              ///< two-sided
  double low = 0, high = 0;  ///< the interval at the confidence asked; NaN when undefined
  /// mean(x) / mean(baseline) with Fieller's interval by the same test (its
  /// variances, its critical t), so the ratio's interval holds 1 exactly
  /// when [low, high] holds 0.
  RatioInterval ratio;
};

/// ministat's pooled t: the margin is its table value (StudentCritical) times
/// the pooled standard error, so `low > 0 || high < 0` is ministat's
/// "Difference at ...% confidence". Needs n >= 2 in each set.
MeanDifference StudentDifference(const Summary& x, const Summary& baseline,
                                 double confidence_percent);

/// Welch's t with the exact quantile at the Welch-Satterthwaite df (R's
/// t.test(x, b)$conf.int, scipy's ttest_ind(equal_var=False)). The ratio's
/// interval takes the same df at every ratio (that of the difference).
MeanDifference WelchDifference(const Summary& x, const Summary& baseline,
                               double confidence_percent);

/// Set `set`'s fixed effect of a mixed model: value, std.error, DF, t,
/// p-value of nlme's summary(), and the interval of its intervals(): value
/// -/+ qt(1 - (1 - confidence)/2, DF) * std.error. NaN p and interval when
/// the df is below 1 or the fit failed; an exact fit is its own interval.
/// The ratio is (intercept + effect) / intercept, its interval Fieller's
/// with the fit's covariance of the two and the effect's DF.
MeanDifference MixedModelDifference(const MixedModelFit& fit, std::size_t set,
                                    double confidence_percent);

}  // namespace timeit::stats
