#include "platforms/cpu_list.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "platforms/trim.h"

namespace timeit::platforms {
namespace {

/// A CPU number: all of `text`, decimal digits alone, at most kMaxCpuNumber.
std::optional<int> CpuNumber(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || text.front() == '-' || ec != std::errc() ||
      end != text.data() + text.size() || value > kMaxCpuNumber)
    return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::vector<int>> ParseCpuList(std::string_view text) {
  if (text.ends_with('\n')) text.remove_suffix(1);
  std::vector<int> cpus;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const std::size_t dash = item.find('-');
    const auto first = CpuNumber(item.substr(0, dash));
    const auto last = dash == std::string_view::npos ? first : CpuNumber(item.substr(dash + 1));
    if (!first || !last || *last < *first) return std::nullopt;
    for (int c = *first; c <= *last; ++c) cpus.push_back(c);
    if (comma == std::string_view::npos) return cpus;
    text.remove_prefix(comma + 1);
  }
}

OnlineCpus ReadOnlineCpus(const SystemRoots& roots) {
  OnlineCpus online;
  if (std::ifstream in(roots.sys + "/devices/system/cpu/online"); in) {
    std::ostringstream text;
    text << in.rdbuf();
    online.text = std::string(Trim(text.str()));
  }
  if (auto cpus = ParseCpuList(online.text)) {
    online.cpus = std::move(*cpus);
  } else {
    const long n = ::sysconf(_SC_NPROCESSORS_ONLN);
    for (int c = 0; c < std::max(1L, n); ++c) online.cpus.push_back(c);
  }
  return online;
}

}  // namespace timeit::platforms
