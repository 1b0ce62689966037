#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// The `notes` cell of a results row: what a run's sources said, joined by
/// "; ". The one pair that writes the cell (the run loop) and reads it back
/// (compare), so that the separator is spelled once.
void AppendNote(std::string& cell, std::string_view note);

/// The notes of a cell in the order written. A note that itself holds "; "
/// comes back in pieces: the cell does not quote its separator.
std::vector<std::string> SplitNotes(std::string_view cell);

}  // namespace timeit
