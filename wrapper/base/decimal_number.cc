#include "wrapper/base/decimal_number.h"

#include <cfloat>
#include <cstdint>

namespace timeit {
namespace {

constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr std::uint64_t kMaxExactMantissa = std::uint64_t{1} << 53;
constexpr int kMaxDigits = 19;  // fits a uint64_t without overflow
/// The fast path (one correctly rounded division of two exact doubles) is
/// exact only where a double expression is evaluated as a double. On i386's
/// x87 (FLT_EVAL_METHOD 2) the quotient is rounded to 64 bits first, then to
/// 53: double rounding, one ulp off for some inputs (0.00749915). There
/// every number goes through from_chars, so both builds read the same bits.
constexpr bool kExactDoubleArithmetic = FLT_EVAL_METHOD == 0;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::from_chars_result FromCharsDouble(const char* first, const char* last, double& value) {
  const char* p = first;
  const bool negative = p < last && *p == '-';
  if (negative) ++p;
  std::uint64_t mantissa = 0;
  int digits = 0;
  int fraction_digits = 0;
  for (; p < last && IsDigit(*p); ++p, ++digits) {
    mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
  }
  if (p < last && *p == '.') {
    ++p;
    for (; p < last && IsDigit(*p); ++p, ++digits, ++fraction_digits) {
      mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    }
  }
  const bool exponent_follows = p < last && (*p == 'e' || *p == 'E');
  if (!kExactDoubleArithmetic || digits == 0 || digits > kMaxDigits || exponent_follows ||
      mantissa > kMaxExactMantissa || fraction_digits > 22) {
    return std::from_chars(first, last, value);
  }
  const double magnitude = static_cast<double>(mantissa) / kPowersOfTen[fraction_digits];
  value = negative ? -magnitude : magnitude;
  return {p, std::errc()};
}

}  // namespace timeit
