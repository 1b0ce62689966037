#pragma once

#include <string_view>

namespace timeit::platforms {

/// `text` without leading and trailing blanks, tabs and line ends: the one
/// Trim, for a kernel file's value ("performance\n"), a cpuinfo field
/// ("model\t\t: 85") and a CSV cell (" 1.5 ") alike. Here, below every room
/// that reads text, so that none needs a second one.
constexpr std::string_view Trim(std::string_view text) {
  constexpr std::string_view kBlank = " \t\r\n";
  const auto first = text.find_first_not_of(kBlank);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kBlank) - first + 1);
}

}  // namespace timeit::platforms
