#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "wrapper/results/results_csv_reader.h"

namespace timeit::testing {

/// Reads a results CSV timeit wrote, failing the test on any problem.
ResultsTable ReadRuns(const std::filesystem::path& csv);

/// The cells of `column` of every row.
std::vector<std::string> ColumnOf(const ResultsTable& t, const std::string& column);

/// `sh -c SCRIPT` as argument words for timeit.
std::vector<std::string> Sh(const std::string& script);

}  // namespace timeit::testing
