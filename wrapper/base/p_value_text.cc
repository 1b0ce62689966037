#include "wrapper/base/p_value_text.h"

#include <fmt/format.h>

#include <cmath>

namespace timeit {

std::string PValueText(double p) {
  if (std::isnan(p)) return "-";
  if (p < 0.0001) return "<0.0001";
  std::string text = fmt::format("{:.4f}", std::round(p * 1e4) / 1e4);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string PValueClause(double p) {
  const std::string text = PValueText(p);
  return text.starts_with('<') ? "p < " + text.substr(1) : "p = " + text;
}

}  // namespace timeit
