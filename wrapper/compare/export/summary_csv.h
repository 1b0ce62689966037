#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/verdicts/comparison_rows.h"

namespace timeit {

/// The summary's rows as CSV (docs/csv-format.md, "The comparison CSV"): numbers
/// in full precision, undefined ones as empty cells; one line per name of a
/// row's metric (page-faults and minflt each get theirs).
std::string FormatSummaryCsv(const std::vector<ComparisonRow>& rows);

}  // namespace timeit
