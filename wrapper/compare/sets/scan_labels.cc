#include "wrapper/compare/sets/scan_labels.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

namespace timeit {

namespace {

/// NAME=VALUE split at its first '=', or nullopt.
std::optional<std::pair<std::string, std::string>> Setting(std::string_view part) {
  const std::size_t eq = part.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == part.size()) return std::nullopt;
  return std::pair<std::string, std::string>(part.substr(0, eq), part.substr(eq + 1));
}

bool IsName(const std::string& name) {
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
  });
}

}  // namespace

std::vector<std::pair<std::string, std::string>> ScanSettingsOf(const std::string& label) {
  std::vector<std::pair<std::string, std::string>> settings;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = std::min(label.find(',', start), label.size());
    const auto s = Setting(std::string_view(label).substr(start, comma - start));
    if (!s || !IsName(s->first)) break;
    settings.push_back(*s);
    if (comma == label.size()) return settings;
    start = comma + 1;
  }
  const auto whole = Setting(label);
  if (!whole) return {};
  return {*whole};
}

std::string ScanParameterOf(const std::string& label) {
  std::string names;
  for (const auto& [name, value] : ScanSettingsOf(label))
    names += (names.empty() ? "" : ",") + name;
  return names;
}

bool IsScan(const std::vector<std::string>& labels) {
  if (labels.size() < 2) return false;
  const std::string name = ScanParameterOf(labels.front());
  return !name.empty() && std::all_of(labels.begin(), labels.end(), [&](const std::string& l) {
    return ScanParameterOf(l) == name;
  });
}

}  // namespace timeit
