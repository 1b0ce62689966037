#include "wrapper/base/text.h"

#include <algorithm>

namespace timeit {

std::string QuoteForMessage(std::string_view text) {
  constexpr std::size_t kMax = 40;
  std::string quoted(text.substr(0, kMax));
  for (char& c : quoted)
    if (c == '\n' || c == '\r') c = ' ';
  return "'" + quoted + (text.size() > kMax ? "...'" : "'");
}

std::string Wrap(std::string_view text, std::size_t column, std::size_t indent, std::size_t width) {
  std::string out;
  bool first = true;
  while (!text.empty()) {
    const std::size_t start = text.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    text.remove_prefix(start);
    const std::size_t end = std::min(text.find(' '), text.size());
    const std::string_view word = text.substr(0, end);
    text.remove_prefix(end);
    if (!first && column + 1 + word.size() > width) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
    } else if (!first) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    first = false;
  }
  return out;
}

}  // namespace timeit
