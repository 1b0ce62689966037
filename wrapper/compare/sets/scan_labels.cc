#include "wrapper/compare/sets/scan_labels.h"

#include <algorithm>

namespace timeit {

std::string ScanParameterOf(const std::string& label) {
  const std::size_t eq = label.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == label.size()) return "";
  return label.substr(0, eq);
}

bool IsScan(const std::vector<std::string>& labels) {
  if (labels.size() < 2) return false;
  const std::string name = ScanParameterOf(labels.front());
  return !name.empty() && std::all_of(labels.begin(), labels.end(), [&](const std::string& l) {
    return ScanParameterOf(l) == name;
  });
}

}  // namespace timeit
