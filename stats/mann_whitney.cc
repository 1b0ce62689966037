#include "stats/mann_whitney.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace timeit::stats {
namespace {

/// R switches to the normal approximation at 50 values per set.
constexpr std::size_t kExactLimit = 50;

/// P(U <= u) under H0 for sets of m and n distinct values: the share of the
/// C(m+n, m) rank subsets of size m whose rank sum minus m(m+1)/2 is <= u.
/// Counted by adding ranks one at a time (only additions, so no
/// cancellation even where the counts exceed 2^53).
double ExactCdf(std::size_t m, std::size_t n, double u) {
  const std::size_t max_u = m * n;
  // ways[k][s]: subsets of size k of the ranks seen so far with U-sum s,
  // where a subset's U-sum is sum(rank_i - i) over its sorted ranks. Adding
  // rank r as the k-th element contributes r - k.
  std::vector<std::vector<double>> ways(m + 1, std::vector<double>(max_u + 1, 0.0));
  ways[0][0] = 1;
  for (std::size_t r = 1; r <= m + n; ++r) {
    for (std::size_t k = std::min(m, r); k >= 1; --k) {
      const std::size_t add = r - k;
      if (add > n) continue;
      for (std::size_t s = max_u - add + 1; s-- > 0;) ways[k][s + add] += ways[k - 1][s];
    }
  }
  double below = 0, total = 0;
  for (std::size_t s = 0; s <= max_u; ++s) {
    total += ways[m][s];
    if (static_cast<double>(s) <= u) below += ways[m][s];
  }
  return below / total;
}

}  // namespace

MannWhitneyResult MannWhitneyU(std::span<const double> x, std::span<const double> y) {
  MannWhitneyResult r;
  const std::size_t nx = x.size(), ny = y.size(), total = nx + ny;
  if (nx == 0 || ny == 0) {
    r.u = r.p = r.z = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  std::vector<std::pair<double, bool>> all;  // value, from x
  all.reserve(total);
  for (double v : x) all.emplace_back(v, true);
  for (double v : y) all.emplace_back(v, false);
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

  double rank_sum_x = 0;
  double tie_term = 0;  // sum over tie groups of t^3 - t
  for (std::size_t i = 0; i < total;) {
    std::size_t j = i;
    while (j < total && all[j].first == all[i].first) ++j;
    const double mid_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k) {
      if (all[k].second) rank_sum_x += mid_rank;
    }
    const double t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  const double fx = static_cast<double>(nx), fy = static_cast<double>(ny);
  const double fn = static_cast<double>(total);
  r.u = rank_sum_x - fx * (fx + 1) / 2;

  if (nx < kExactLimit && ny < kExactLimit && tie_term == 0) {
    r.exact = true;
    // R: p = P(U <= u) below the centre, P(U >= u) above it, doubled.
    const double one_side =
        r.u > fx * fy / 2 ? 1 - ExactCdf(nx, ny, r.u - 1) : ExactCdf(nx, ny, r.u);
    r.p = std::min(1.0, 2 * one_side);
    return r;
  }
  const double variance = fx * fy / 12 * ((fn + 1) - tie_term / (fn * (fn - 1)));
  if (!(variance > 0)) {
    r.p = r.z = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  const double centred = r.u - fx * fy / 2;
  const double correction = centred > 0 ? 0.5 : centred < 0 ? -0.5 : 0.0;
  r.z = (centred - correction) / std::sqrt(variance);
  const boost::math::normal standard;
  r.p = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(standard, std::fabs(r.z))));
  return r;
}

}  // namespace timeit::stats
