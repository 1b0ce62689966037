#include "wrapper/base/text.h"

#include <locale.h>
#include <wchar.h>

#include <algorithm>
#include <cwchar>

namespace timeit {

std::size_t TerminalColumns(std::string_view text) {
  // timeit never calls setlocale: the C.UTF-8 locale (built into glibc) is
  // used for this thread only, for as long as the count takes.
  static const locale_t utf8 = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{});
  const locale_t previous = utf8 != locale_t{} ? ::uselocale(utf8) : locale_t{};
  std::size_t columns = 0;
  std::mbstate_t state{};
  while (!text.empty()) {
    wchar_t c = 0;
    const std::size_t n = utf8 != locale_t{} ? std::mbrtowc(&c, text.data(), text.size(), &state)
                                             : static_cast<std::size_t>(-1);
    if (n == 0 || n > text.size()) {  // NUL, or not UTF-8: a byte, a column
      state = std::mbstate_t{};
      ++columns;
      text.remove_prefix(1);
      continue;
    }
    const int w = ::wcwidth(c);
    columns += w < 0 ? 1 : static_cast<std::size_t>(w);
    text.remove_prefix(n);
  }
  if (utf8 != locale_t{}) ::uselocale(previous);
  return columns;
}

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

std::string AlignColumns(const std::vector<std::vector<std::string>>& table,
                         std::size_t left_columns, bool last_left) {
  if (table.empty()) return {};
  std::vector<std::size_t> width(table.front().size(), 0);
  for (const auto& line : table)
    for (std::size_t c = 0; c < line.size(); ++c)
      width[c] = std::max(width[c], TerminalColumns(line[c]));
  std::string text;
  for (const auto& line : table) {
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (c > 0) text += "  ";
      const std::size_t pad = width[c] - TerminalColumns(line[c]);
      const bool last = c + 1 == line.size();
      const bool left = c < left_columns || (last && last_left);
      if (!left) text.append(pad, ' ');
      text += line[c];
      if (left && !last) text.append(pad, ' ');
    }
    text += '\n';
  }
  return text;
}

}  // namespace timeit
