#pragma once

#include <charconv>
#include <string_view>
#include <system_error>

namespace timeit {

/// Widest plot `timeit ministat -w` and `timeit compare -w` accept: wider
/// plots are no use and would only risk exhausting memory.
inline constexpr int kMaxPlotWidth = 1'000'000;

/// Parses all of `text` as a number into `out`; false for empty text,
/// trailing characters or a value out of range (then `out` is unspecified).
template <typename T>
bool ParseWhole(std::string_view text, T& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace timeit
