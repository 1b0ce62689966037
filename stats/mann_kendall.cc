#include "stats/mann_kendall.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <vector>

namespace timeit::stats {

namespace {

/// z with the continuity correction of 1, and its two-sided p.
TrendTest WithZ(TrendTest r) {
  const double corrected = r.s > 0 ? r.s - 1 : r.s < 0 ? r.s + 1 : 0;
  r.z = corrected / std::sqrt(r.variance);
  r.p = 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::fabs(r.z)));
  return r;
}

/// Sorts `v` (a merge sort, so equal values never swap) and returns the
/// number of pairs i < j with v[i] > v[j] it put in order: the discordant
/// pairs of the series against its order. Knight's O(n log n) way to
/// Kendall's statistic (J. Amer. Statist. Assoc. 61, 1966); ties are not
/// discordant, as the strict comparison leaves them.
long long SortCountingInversions(std::vector<double>& v) {
  const std::size_t n = v.size();
  std::vector<double> buffer(n);
  long long inversions = 0;
  for (std::size_t width = 1; width < n; width *= 2) {
    for (std::size_t lo = 0; lo < n; lo += 2 * width) {
      const std::size_t mid = std::min(lo + width, n);
      const std::size_t hi = std::min(lo + 2 * width, n);
      std::size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        if (v[j] < v[i]) {
          inversions += static_cast<long long>(mid - i);  // v[j] is below every v[i..mid)
          buffer[k++] = v[j++];
        } else {
          buffer[k++] = v[i++];
        }
      }
      while (i < mid) buffer[k++] = v[i++];
      while (j < hi) buffer[k++] = v[j++];
    }
    v.swap(buffer);
  }
  return inversions;
}

}  // namespace

TrendTest MannKendall(std::span<const double> values) {
  TrendTest r;
  const std::size_t n = values.size();
  std::vector<double> sorted(values.begin(), values.end());
  const long long discordant = SortCountingInversions(sorted);

  // S = concordant - discordant, and every pair is one of the two or tied:
  // S = pairs - tied pairs - 2 * discordant.
  const double nd = static_cast<double>(n);
  long long tied_pairs = 0;
  double variance = nd * (nd - 1) * (2 * nd + 5);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && sorted[j] == sorted[i]) ++j;
    const auto t = static_cast<long long>(j - i);
    tied_pairs += t * (t - 1) / 2;
    const double td = static_cast<double>(t);
    variance -= td * (td - 1) * (2 * td + 5);
    i = j;
  }
  const auto pairs = static_cast<long long>(n) * static_cast<long long>(n > 0 ? n - 1 : 0) / 2;
  r.s = static_cast<double>(pairs - tied_pairs - 2 * discordant);
  r.variance = variance / 18;
  if (n < 3 || !(r.variance > 0)) {
    r.z = r.p = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  return WithZ(r);
}

TrendTest StratifiedMannKendall(std::span<const double> values,
                                std::span<const std::size_t> stratum) {
  std::unordered_map<std::size_t, std::vector<double>> strata;
  for (std::size_t i = 0; i < values.size() && i < stratum.size(); ++i)
    strata[stratum[i]].push_back(values[i]);
  TrendTest r;
  for (const auto& [id, part] : strata) {
    const TrendTest t = MannKendall(part);
    r.s += t.s;
    r.variance += t.variance;
  }
  if (values.size() < 3 || !(r.variance > 0)) {
    r.z = r.p = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  return WithZ(r);
}

}  // namespace timeit::stats
