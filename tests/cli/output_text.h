#pragma once

// What the CLI tests read timeit's output with: small helpers several test
// files share (one definition each: a unity batch compiles them together).
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace timeit::testing {

/// FreeBSD's ministat, the peer compare's blocks are held to.
inline constexpr const char* kMinistat = "/usr/bin/ministat";

inline bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

/// How often `part` occurs in `text`, overlaps included.
inline std::size_t Count(std::string_view text, std::string_view part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// `a` then `b`: a command line built from parts.
inline std::vector<std::string> Cat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// A CSV row's cell as a number; NaN where the row has no such column.
inline double Number(const std::map<std::string, std::string>& row, const std::string& column) {
  const auto it = row.find(column);
  return it == row.end() ? std::nan("") : std::stod(it->second);
}

/// Whether this process may sample its children with cpu-clock
/// (perf_event_paranoid <= 2, or root).
inline bool CanSample() {
  std::ifstream in("/proc/sys/kernel/perf_event_paranoid");
  int level = 3;
  in >> level;
  return level <= 2 || geteuid() == 0;
}

}  // namespace timeit::testing
