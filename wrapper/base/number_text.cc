#include "wrapper/base/number_text.h"

#include <cmath>

#include "wrapper/base/decimal_number.h"
#include "wrapper/base/text.h"

namespace timeit {
namespace {

/// All of `text` as a double (infinite and NaN included).
bool ParseDouble(std::string_view text, double& out) {
  const auto [ptr, ec] = FromCharsDouble(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

bool ParseFinite(std::string_view text, double& out) {
  return ParseDouble(text, out) && std::isfinite(out);
}

std::optional<double> ParseCellNumber(std::string_view text) {
  text = Trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  double v = 0;
  if (!ParseDouble(text, v)) return std::nullopt;
  return v;
}

double CellNumberIn(const std::string& file, long line, std::string_view what,
                    std::string_view text, bool finite) {
  const std::optional<double> v = ParseCellNumber(text);
  if (v && (!finite || std::isfinite(*v))) return *v;
  throw InputError(file, line,
                   std::string(what) + ": " + QuoteForMessage(Trim(text)) +
                       (v ? " is not a finite number" : " is not a number"));
}

UsageError BadValue(std::string_view option, std::string_view wanted, std::string_view text) {
  return UsageError(std::string(option) + ": expected " + std::string(wanted) + ", got " +
                    QuoteForMessage(text));
}

double DoubleValue(std::string_view option, std::string_view text, double low,
                   std::string_view wanted, double high) {
  double v = 0;
  if (!ParseFinite(text, v) || !(v > low && v < high)) throw BadValue(option, wanted, text);
  return v;
}

}  // namespace timeit
