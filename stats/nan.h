#pragma once

#include <limits>

namespace timeit::stats {

/// What a figure that cannot be computed is: the statistics' "not known".
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace timeit::stats
