#include "wrapper/results/results_columns.h"

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

}  // namespace timeit
