#pragma once

#include <algorithm>
#include <vector>

#include "stats/summary.h"

namespace timeit::stats {

/// The summary of `v` in any order, as the statistics tests write their data.
inline Summary SummaryOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return Summarize(v);
}

}  // namespace timeit::stats
