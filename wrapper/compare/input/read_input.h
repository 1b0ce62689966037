#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/input/plain_input.h"
#include "wrapper/results/results_csv_reader.h"

namespace timeit {

/// Reads one of compare's files as a table of runs, choosing the reader by
/// what the file holds, not by its name:
/// - JSON: hyperfine's --export-json, Google benchmark's --benchmark_out,
///   timeit compare's --json (json_input.h);
/// - numbers as ministat reads them, one value per line (`plain`'s column
///   and delimiters, -C and -d): one set (plain_input.h);
/// - anything else: a CSV with a header row, ours or any other.
/// Throws InputError naming the file (and line) on what its reader refuses.
ResultsTable ReadCompareInput(const std::string& file, const PlainFormat& plain,
                              std::vector<std::string>& notes);

/// Reads `files` (compare's arguments) in order, each with
/// ReadCompareInput, each once. Throws InputError naming the file (and
/// line): unreadable, given twice (or twice under two names), no runs, no
/// header row (its first line is numbers), no metric column ("not a results
/// CSV"), and what ReadCompareInput refuses.
std::vector<ResultsTable> ReadCompareInputs(const std::vector<std::string>& files,
                                            const PlainFormat& plain,
                                            std::vector<std::string>& notes);

/// The metric columns of `t`, by index: numeric (the first value not empty
/// is a number, or every cell is empty and a `.running` companion says it is
/// a counter not permitted), not metadata, not `.running`.
std::vector<std::size_t> MetricColumns(const ResultsTable& t);

}  // namespace timeit
