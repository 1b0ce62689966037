#include "wrapper/results/results_notes.h"

#include <algorithm>

namespace timeit {
namespace {

constexpr std::string_view kSeparator = "; ";

}  // namespace

void AppendNote(std::string& cell, std::string_view note) {
  if (!cell.empty()) cell += kSeparator;
  cell += note;
}

std::vector<std::string> SplitNotes(std::string_view cell) {
  std::vector<std::string> notes;
  while (!cell.empty()) {
    const std::size_t end = std::min(cell.find(kSeparator), cell.size());
    notes.emplace_back(cell.substr(0, end));
    cell.remove_prefix(std::min(end + kSeparator.size(), cell.size()));
  }
  return notes;
}

}  // namespace timeit
