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

/// Summarises `values` in any order without sorting them: min, max, the
/// mean and the two-pass variance are accumulated in the given order, and
/// the median is found by selection: for large sets in a band of the middle
/// ranks bracketed by a sample (the values keep their order), otherwise by
/// std::nth_element, which reorders `values`. O(n) where sorting would be
/// O(n log n). A reader that keeps the file order sums exactly as
/// ministat's AddPoint() does. The values must be finite.
///
/// Only the variance's last bit can differ from Summarize() on the sorted
/// values (ministat sums the squared deviations in sorted order).
Summary SummarizeUnordered(std::span<double> values);

}  // namespace timeit::stats
