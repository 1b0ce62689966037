#pragma once

#include "stats/summary.h"

namespace timeit::stats {

/// Student's t test with pooled variance of `x` against the baseline, the
/// test ministat prints under each data set after the first. Fields follow
/// ministat's Relative() so that printing them with its formats gives its
/// text byte for byte.
struct StudentComparison {
  double difference = 0;               ///< mean(x) - mean(baseline)
  double margin = 0;                   ///< critical t * pooled s * sqrt(1/nx + 1/nb): the "+/-"
  double pooled_stddev = 0;            ///< sqrt(((nx-1)sx^2 + (nb-1)sb^2) / (nx+nb-2))
  double relative_percent = 0;         ///< difference * 100 / mean(baseline)
  double relative_margin_percent = 0;  ///< re * 100 / mean(baseline), see RelativeMargin
  double t = 0;                        ///< difference / standard error
  double df = 0;                       ///< nx + nb - 2
  double p = 0;                        ///< two-sided p-value of t at df
  bool significant = false;            ///< |difference| > margin: ministat's "Difference at ..."
};

/// Compares `x` with `baseline` at `confidence_percent` (in (0, 100); at
/// ministat's levels its t table is used, see StudentCritical). Needs
/// n >= 2 in each set; with df < 1 the margin is NaN and nothing is
/// significant.
StudentComparison CompareStudent(const Summary& x, const Summary& baseline,
                                 double confidence_percent);

/// The half-width of the confidence interval for the relative difference
/// mean(x)/mean(b) - 1, before scaling by 100/mean(b), as current ministat
/// computes it (a delta-method interval on the pooled t):
///   t * sqrt([(nx-1)sx^2 + (nb-1)sb^2 * mx^2/mb^2] * (nx+nb) / (nx*nb*(nx+nb-2)))
double RelativeMargin(const Summary& x, const Summary& baseline, double t_critical);

/// Welch's unequal-variance t test of `x` against `y`.
struct WelchComparison {
  double difference = 0;  ///< mean(x) - mean(y)
  double t = 0;           ///< difference / sqrt(sx^2/nx + sy^2/ny)
  double df = 0;          ///< Welch-Satterthwaite degrees of freedom
  double p = 0;           ///< two-sided p-value
  double margin = 0;      ///< exact t quantile at df * standard error
};

/// Welch's t test at `confidence_percent` (for the margin). NaN fields when
/// a set has fewer than 2 values or both variances are 0.
WelchComparison CompareWelch(const Summary& x, const Summary& y, double confidence_percent);

/// A confidence interval for the relative difference of means, in percent
/// of the baseline mean: estimate = 100 * (mean(x) - mean(b)) / mean(b),
/// [low, high] = estimate -/+ the margin of RelativeMargin. This is the
/// "relative line" of ministat given as an interval.
struct RelativeInterval {
  double estimate_percent = 0;
  double low_percent = 0;
  double high_percent = 0;
};

RelativeInterval RelativeDifference(const Summary& x, const Summary& baseline,
                                    double confidence_percent);

/// Two-sided p-value of a t statistic with `df` degrees of freedom.
double StudentTwoSidedP(double t, double df);

}  // namespace timeit::stats
