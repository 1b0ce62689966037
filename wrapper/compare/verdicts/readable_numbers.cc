#include "wrapper/compare/verdicts/readable_numbers.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "wrapper/base/si_prefixes.h"

namespace timeit {
namespace {

/// `v` in fixed notation with `digits` significant digits, trailing zeros
/// (and a trailing point) dropped.
std::string Fixed(double v, int digits) {
  const double a = std::fabs(v);
  int decimals = 0;
  if (a > 0) decimals = std::clamp(digits - 1 - static_cast<int>(std::floor(std::log10(a))), 0, 15);
  std::string text = fmt::format("{:.{}f}", v, decimals);
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") return "0";  // (assigning "0" trips GCC 12's -Wrestrict under ASan)
  return text;
}

}  // namespace

std::string SiNumber(double v) {
  if (!std::isfinite(v)) return fmt::format("{}", v);
  const double a = std::fabs(v);
  if (a >= 1e5) {
    for (const SiPrefix& p : kSiPrefixes) {
      if (a >= p.scale || p.scale == 1e3) {
        std::string mantissa = Fixed(v / p.scale, 4);
        // 999950 rounds to "1000k": say "1M".
        if (std::fabs(std::stod(mantissa)) >= 1000 && p.scale < 1e15)
          return Fixed(v / (p.scale * 1000), 4) + (&p)[-1].prefix;
        return mantissa + p.prefix;
      }
    }
  }
  return Fixed(v, 4);
}

std::string ReadablePercent(double v, bool sign) {
  if (!std::isfinite(v)) return sign ? fmt::format("{:+}", v) : fmt::format("{}", v);
  std::string text = Fixed(v, 3);
  if (sign && v > 0 && text != "0") text = "+" + text;
  return text;
}

}  // namespace timeit
