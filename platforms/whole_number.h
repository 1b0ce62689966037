#pragma once

#include <charconv>
#include <concepts>
#include <string_view>
#include <system_error>

namespace timeit::platforms {

/// A whole number: all of `text`, digits of `base` (10, or 16 for the
/// kernel's hex fields, without "0x") with an optional '-' for a signed T,
/// no blanks, no '+', in T's range. False otherwise (then `out` is
/// unspecified). The one parser of whole numbers: the kernel's files and
/// names below wrapper/, and through wrapper/base/number_text.h every
/// option, cell and line above it.
template <std::integral T>
bool ParseWhole(std::string_view text, T& out, int base = 10) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return !text.empty() && ec == std::errc() && ptr == text.data() + text.size();
}

/// A number as the kernel writes a register field (cpuinfo's "CPU
/// implementer : 0x41", a PMU's "event=0x11"): "0x" then hex digits, or
/// decimal digits; ParseWhole's rules otherwise.
template <std::integral T>
bool ParseKernelNumber(std::string_view text, T& out) {
  if (text.starts_with("0x") || text.starts_with("0X")) return ParseWhole(text.substr(2), out, 16);
  return ParseWhole(text, out);
}

}  // namespace timeit::platforms
