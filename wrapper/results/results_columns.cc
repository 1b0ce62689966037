#include "wrapper/results/results_columns.h"

#include <algorithm>

namespace timeit {

bool IsEarlierLayout(const std::vector<std::string>& file, const std::vector<std::string>& ours) {
  std::size_t f = 0;
  for (const std::string& column : ours) {
    if (f < file.size() && file[f] == column) {
      ++f;
    } else if (!IsLaterColumn(column)) {
      return false;
    }
  }
  return f == file.size();
}

std::vector<std::string> ColumnsAsNamedNow(std::vector<std::string> header) {
  const std::vector<std::string> file = header;
  for (std::string& column : header) {
    for (const std::string_view clock : {"task-clock", "cpu-clock"}) {
      const std::string marked = std::string(clock) + ":u";
      if (!column.starts_with(marked)) continue;
      const std::string_view rest = std::string_view(column).substr(marked.size());
      if (!rest.empty() && rest.front() != '.' && rest.front() != '@') continue;
      std::string now = std::string(clock) + std::string(rest);
      if (std::find(file.begin(), file.end(), now) == file.end()) column = std::move(now);
    }
  }
  return header;
}

}  // namespace timeit
