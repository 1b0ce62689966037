#include "stats/summary.h"

#include <algorithm>
#include <cmath>

namespace timeit::stats {
namespace {

/// Mean, variance and stddev from `values` (any order), the two-pass way.
void FillMoments(std::span<const double> values, Summary& s) {
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / static_cast<double>(s.n);
  if (s.n > 1) {
    double squares = 0;
    for (double v : values) squares += (v - s.mean) * (v - s.mean);
    s.variance = squares / static_cast<double>(s.n - 1);
  }
  s.stddev = std::sqrt(s.variance);
}

}  // namespace

Summary Summarize(std::span<const double> sorted_values) {
  Summary s;
  s.n = sorted_values.size();
  if (s.n == 0) return s;
  s.min = sorted_values.front();
  s.max = sorted_values.back();
  const std::size_t mid = s.n / 2;
  s.median = s.n % 2 == 1 ? sorted_values[mid] : (sorted_values[mid - 1] + sorted_values[mid]) / 2;
  FillMoments(sorted_values, s);
  return s;
}

Summary SummarizeUnordered(std::span<double> values) {
  Summary s;
  s.n = values.size();
  if (s.n == 0) return s;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.min = *lo;
  s.max = *hi;
  // Moments before selection, while `values` is still in the caller's order.
  FillMoments(values, s);

  const std::size_t mid = s.n / 2;
  const auto upper = values.begin() + static_cast<std::ptrdiff_t>(mid);
  std::nth_element(values.begin(), upper, values.end());
  s.median = *upper;
  // After nth_element everything left of `upper` is <= it, so the lower
  // middle value of an even-sized set is the largest of that half.
  if (s.n % 2 == 0) s.median = (*std::max_element(values.begin(), upper) + *upper) / 2;
  return s;
}

}  // namespace timeit::stats
