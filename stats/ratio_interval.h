#pragma once

namespace timeit::stats {

/// The two means of a ratio mean(x) / mean(b) as one test estimates them,
/// with the variances and covariance of those estimates.
struct RatioMoments {
  double mean_x = 0, mean_b = 0;
  double var_x = 0, var_b = 0, covariance = 0;
};

/// Fieller's interval of the ratio rho = mean(x) / mean(b): the rho at which
/// the test of mean(x) - rho * mean(b) = 0 does not reject,
///   (mean_x - rho mean_b)^2 <= critical^2 (var_x - 2 rho cov + rho^2 var_b).
/// At rho = 1 that is the test of the difference itself, so the interval
/// holds 1 exactly when that test finds no difference (up to rounding);
/// dividing the difference's interval by mean(b) instead takes mean(b) as
/// known and is too narrow once the ratio is far from 1.
///
/// The set is a bounded interval only when mean(b) is itself told from 0,
/// mean_b^2 > critical^2 var_b; otherwise it is unbounded (two rays, or
/// every ratio) and `bounded` is false, low and high NaN. `ratio` is
/// mean_x / mean_b, inside [low, high] when bounded.
struct RatioInterval {
  double ratio = 0;
  double low = 0, high = 0;
  bool bounded = false;
};

/// `critical` is the test's two-sided critical t (0: an exact ratio; NaN:
/// no interval, low and high NaN, bounded false).
RatioInterval FiellerInterval(const RatioMoments& m, double critical);

}  // namespace timeit::stats
