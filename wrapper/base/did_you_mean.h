#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// The number of single-character insertions, deletions, substitutions and
/// swaps of neighbours (optimal string alignment) that turn `a` into `b`.
std::size_t EditDistance(std::string_view a, std::string_view b);

/// The candidate nearest to `word` for a "did you mean" hint: at most 2
/// edits away (1 for words of up to 4 characters), ties to the first given;
/// nullopt when none is that near or `word` is itself a candidate.
std::optional<std::string> Nearest(std::string_view word,
                                   const std::vector<std::string>& candidates);

/// "; did you mean 'X'?" for Nearest, or "".
std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace timeit
