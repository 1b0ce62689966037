#include "wrapper/base/number_text.h"

#include "wrapper/base/text.h"

namespace timeit {

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
