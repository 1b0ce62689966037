#include "stats/summary.h"

#include <cmath>

namespace timeit::stats {

Summary Summarize(std::span<const double> sorted_values) {
  Summary s;
  s.n = sorted_values.size();
  if (s.n == 0) return s;
  s.min = sorted_values.front();
  s.max = sorted_values.back();
  const std::size_t mid = s.n / 2;
  s.median = s.n % 2 == 1 ? sorted_values[mid]
                          : (sorted_values[mid - 1] + sorted_values[mid]) / 2;

  double sum = 0;
  for (double v : sorted_values) sum += v;
  s.mean = sum / static_cast<double>(s.n);
  if (s.n > 1) {
    double squares = 0;
    for (double v : sorted_values) squares += (v - s.mean) * (v - s.mean);
    s.variance = squares / static_cast<double>(s.n - 1);
  }
  s.stddev = std::sqrt(s.variance);
  return s;
}

}  // namespace timeit::stats
