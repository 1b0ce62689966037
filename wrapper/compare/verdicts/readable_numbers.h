#pragma once

#include <string>

namespace timeit {

/// A mean or a value for a summary a person reads (a mailing-list post):
/// never e-notation. From 100000 on, 4 significant digits and an SI prefix
/// (65880000 -> "65.88M", 300030 -> "300k"); below, 4 significant digits in
/// fixed notation (10.15, 0.01235, 0.000123), trailing zeros dropped.
std::string SiNumber(double v);

/// A percentage the same way, 3 significant digits and no prefix, with a
/// sign when `sign` (+0.000333, -11.3, +1000, +123457).
std::string ReadablePercent(double v, bool sign);

}  // namespace timeit
