#include "stats/equivalence.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

namespace timeit::stats {

EquivalenceTest TestEquivalence(const Summary& x, const Summary& baseline, double margin) {
  EquivalenceTest e;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double nx = static_cast<double>(x.n);
  const double nb = static_cast<double>(baseline.n);
  e.df = nx + nb - 2;
  const double pooled = ((nx - 1) * x.variance + (nb - 1) * baseline.variance) / e.df;
  const double se = std::sqrt(pooled * (1.0 / nx + 1.0 / nb));
  if (x.n < 2 || baseline.n < 2 || !(se > 0) || !std::isfinite(se) || !(margin >= 0)) {
    e.t_lower = e.t_upper = e.p_lower = e.p_upper = e.p = nan;
    return e;
  }
  const double difference = x.mean - baseline.mean;
  e.t_lower = (difference + margin) / se;
  e.t_upper = (difference - margin) / se;
  const boost::math::students_t t(e.df);
  e.p_lower = boost::math::cdf(boost::math::complement(t, e.t_lower));
  e.p_upper = boost::math::cdf(t, e.t_upper);
  e.p = std::max(e.p_lower, e.p_upper);
  return e;
}

}  // namespace timeit::stats
