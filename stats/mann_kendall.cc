#include "stats/mann_kendall.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>
#include <vector>

namespace timeit::stats {

TrendTest MannKendall(std::span<const double> values) {
  TrendTest r;
  const std::size_t n = values.size();
  long long s = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) s += (values[j] > values[i]) - (values[j] < values[i]);
  r.s = static_cast<double>(s);

  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  const double nd = static_cast<double>(n);
  double variance = nd * (nd - 1) * (2 * nd + 5);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && sorted[j] == sorted[i]) ++j;
    const double t = static_cast<double>(j - i);
    variance -= t * (t - 1) * (2 * t + 5);
    i = j;
  }
  r.variance = variance / 18;
  if (n < 3 || !(r.variance > 0)) {
    r.z = r.p = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  const double corrected = r.s > 0 ? r.s - 1 : r.s < 0 ? r.s + 1 : 0;
  r.z = corrected / std::sqrt(r.variance);
  r.p = 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::fabs(r.z)));
  return r;
}

}  // namespace timeit::stats
