#pragma once

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>

#include "wrapper/base/errors.h"

namespace timeit {

/// The one way timeit reads a number from text, whether typed by a person or
/// read from a results CSV: all of `text`, no blanks, no '+', no trailing
/// characters, in range. False otherwise (then `out` is unspecified).
template <typename T>
bool ParseWhole(std::string_view text, T& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc() && ptr == text.data() + text.size();
}

/// ParseWhole for a double that must also be finite ("inf", "nan" and
/// "1e999" are not numbers one can measure or compute with).
inline bool ParseFinite(std::string_view text, double& out) {
  return ParseWhole(text, out) && std::isfinite(out);
}

/// The one wording of a bad value on the command line:
/// "OPTION: expected WANTED, got 'TEXT'".
UsageError BadValue(std::string_view option, std::string_view wanted, std::string_view text);

/// A whole number from `min` to `max` given to `option`, or BadValue with
/// `wanted` ("a positive integer").
template <typename T>
T WholeValue(std::string_view option, std::string_view text, T min, std::string_view wanted,
             T max = std::numeric_limits<T>::max()) {
  T v{};
  if (!ParseWhole(text, v) || v < min || v > max) throw BadValue(option, wanted, text);
  return v;
}

/// A finite number strictly between `low` and `high` given to `option`, or
/// BadValue with `wanted`.
double DoubleValue(std::string_view option, std::string_view text, double low,
                   std::string_view wanted, double high = std::numeric_limits<double>::infinity());

}  // namespace timeit
