#include "stats/outliers.h"

#include <algorithm>
#include <cmath>

namespace timeit::stats {
namespace {

/// The median of `v`, which is reordered (selection, no full sort).
double MedianOf(std::vector<double>& v) {
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  const double upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
}

}  // namespace

std::vector<Outlier> FindOutliers(std::span<const double> values, double threshold) {
  std::vector<Outlier> found;
  if (values.size() < 5) return found;  // the MAD of 3 or 4 values means little
  std::vector<double> work(values.begin(), values.end());
  const double median = MedianOf(work);
  double mean_abs = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    work[i] = std::fabs(values[i] - median);
    mean_abs += work[i];
  }
  mean_abs /= static_cast<double>(values.size());
  const double mad = MedianOf(work);
  // score = (x - median) / scale
  double scale = 0;
  if (mad > 0) {
    scale = mad / 0.6745;
  } else if (mean_abs > 0) {
    scale = 1.253314 * mean_abs;
  } else {
    return found;
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double score = (values[i] - median) / scale;
    if (std::fabs(score) > threshold) found.push_back(Outlier{i, values[i], score});
  }
  return found;
}

}  // namespace timeit::stats
