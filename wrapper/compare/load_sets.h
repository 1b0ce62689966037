#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "wrapper/compare/input/plain_input.h"
#include "wrapper/compare/input/read_input.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// The first two steps of compare's pipeline: read `files` (our results
/// CSVs or any CSV with a header row; plain numbers, read with `plain`;
/// hyperfine's, Google benchmark's and our own JSON, chosen by content:
/// ReadCompareInputs), then build their sets (BuildCompareSets). Throws
/// InputError naming the file (and line) for what either step refuses.
inline CompareInput LoadCompareSets(const std::vector<std::string>& files, const PlainFormat& plain,
                                    std::vector<std::string>& notes, std::size_t min_sets = 2) {
  return BuildCompareSets(ReadCompareInputs(files, plain, notes), notes, min_sets);
}
inline CompareInput LoadCompareSets(const std::vector<std::string>& files,
                                    std::vector<std::string>& notes, std::size_t min_sets = 2) {
  return LoadCompareSets(files, PlainFormat{}, notes, min_sets);
}

}  // namespace timeit
