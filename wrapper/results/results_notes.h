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

/// The note on the first row of each set of an interleaved series run in
/// random order: "set 2 of 3 in the order given". The rows come in the
/// order the runs ran, so a reader that takes the sets in the order of their
/// first rows would make whichever ran first the baseline; with this note
/// compare takes them as the run mode did, in the order given. A note rather
/// than a column: a file of an earlier timeit reads as before, the header
/// stays what every reader of the CSV knows, and a series in alternating
/// order (first rows already in the order given) writes nothing.
std::string GivenOrderNote(std::size_t position, std::size_t sets);

/// The position (1-based) a GivenOrderNote says; 0 for any other note.
std::size_t GivenOrderOf(std::string_view note);

}  // namespace timeit
