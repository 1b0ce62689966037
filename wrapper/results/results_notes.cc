#include "wrapper/results/results_notes.h"

#include <algorithm>
#include <string>

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

std::string GivenOrderNote(std::size_t position, std::size_t sets) {
  return "set " + std::to_string(position) + " of " + std::to_string(sets) + " in the order given";
}

std::size_t GivenOrderOf(std::string_view note) {
  constexpr std::string_view kStart = "set ", kEnd = " in the order given";
  if (!note.starts_with(kStart) || !note.ends_with(kEnd)) return 0;
  note.remove_prefix(kStart.size());
  note.remove_suffix(kEnd.size());
  const std::size_t of = note.find(" of ");
  if (of == 0 || of == std::string_view::npos) return 0;
  std::size_t position = 0;
  for (const char c : note.substr(0, of)) {
    if (c < '0' || c > '9' || position > 100000) return 0;
    position = position * 10 + static_cast<std::size_t>(c - '0');
  }
  return position;
}

}  // namespace timeit
