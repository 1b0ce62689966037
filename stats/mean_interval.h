#pragma once

#include "stats/summary.h"

namespace timeit::stats {

/// The confidence interval of one set's mean: mean +/- t(1 - a/2, n-1) *
/// s / sqrt(n), with the exact quantile (R's t.test(x)$conf.int). Used to
/// stop a series once the mean is known well enough (--target-ci).
struct MeanInterval {
  double mean = 0;
  double half_width = 0;          ///< NaN when n < 2
  double half_width_percent = 0;  ///< half_width * 100 / |mean|; NaN when n < 2, inf when mean is 0
};

/// `confidence_percent` in (0, 100).
MeanInterval IntervalOfMean(const Summary& s, double confidence_percent);

}  // namespace timeit::stats
