#include "stats/ratio_interval.h"

#include <cmath>
#include <limits>
#include "stats/nan.h"

namespace timeit::stats {

RatioInterval FiellerInterval(const RatioMoments& m, double critical) {
  RatioInterval r;
  r.ratio = m.mean_x / m.mean_b;
  r.low = r.high = kNaN;
  if (std::isnan(critical) || m.mean_b == 0) return r;
  // a rho^2 - 2 b rho + c <= 0, the inequality above expanded.
  const double t2 = critical * critical;
  const double a = m.mean_b * m.mean_b - t2 * m.var_b;
  const double b = m.mean_x * m.mean_b - t2 * m.covariance;
  const double c = m.mean_x * m.mean_x - t2 * m.var_x;
  if (!(a > 0)) return r;
  const double discriminant = b * b - a * c;
  // a > 0 and the estimate itself satisfies the inequality, so the
  // discriminant is positive but for rounding (or 0 with no variance).
  const double root = std::sqrt(std::fmax(discriminant, 0.0));
  // The root of the sign of b as (b + sign(b) root) / a, the other as
  // c / (that), so that neither subtracts nearly equal numbers.
  if (b == 0) {
    r.low = -root / a;
    r.high = root / a;
  } else {
    const double q = b + std::copysign(root, b);
    const double one = q / a, other = c / q;
    r.low = std::fmin(one, other);
    r.high = std::fmax(one, other);
  }
  r.bounded = true;
  return r;
}

}  // namespace timeit::stats
