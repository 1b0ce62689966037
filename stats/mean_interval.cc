#include "stats/mean_interval.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

namespace timeit::stats {

MeanInterval IntervalOfMean(const Summary& s, double confidence_percent) {
  MeanInterval m;
  m.mean = s.mean;
  if (s.n < 2 || !(confidence_percent > 0 && confidence_percent < 100)) {
    m.half_width = m.half_width_percent = std::numeric_limits<double>::quiet_NaN();
    return m;
  }
  const double n = static_cast<double>(s.n);
  const double upper = 1 - (1 - confidence_percent / 100) / 2;
  m.half_width =
      boost::math::quantile(boost::math::students_t(n - 1), upper) * s.stddev / std::sqrt(n);
  m.half_width_percent = m.half_width == 0 ? 0
                         : s.mean == 0     ? std::numeric_limits<double>::infinity()
                                           : m.half_width * 100 / std::fabs(s.mean);
  return m;
}

}  // namespace timeit::stats
