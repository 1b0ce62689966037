#include "wrapper/base/text.h"

namespace timeit {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string QuoteForMessage(std::string_view text) {
  constexpr std::size_t kMax = 40;
  std::string quoted(text.substr(0, kMax));
  for (char& c : quoted)
    if (c == '\n' || c == '\r') c = ' ';
  return "'" + quoted + (text.size() > kMax ? "...'" : "'");
}

}  // namespace timeit
