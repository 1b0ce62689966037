#pragma once

#include <cstddef>
#include <span>

namespace timeit::stats {

/// The vitals ministat prints for one data set.
struct Summary {
  std::size_t n = 0;
  double min = 0;
  double max = 0;
  double median = 0;
  double mean = 0;
  double variance = 0;  ///< Sample variance (n-1 denominator); 0 when n < 2.
  double stddev = 0;
};

/// Summarises `values`, which must be sorted ascending (ministat sorts once
/// for the median and the plot, so we do not sort again here).
///
/// The median of an even-sized set is the mean of the two middle values, and
/// the variance is the two-pass sum of squared deviations over n-1: the
/// one-pass sum-of-squares form that old ministat used cancels
/// catastrophically on values like 1000000001..1000000005.
Summary Summarize(std::span<const double> sorted_values);

}  // namespace timeit::stats
