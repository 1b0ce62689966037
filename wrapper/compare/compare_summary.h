#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/compare_blocks.h"

namespace timeit {

/// The summary table after the blocks: a title line, a header, then one line
/// per metric and set compared with the baseline:
///
///     metric  better  isync mean  no_isync mean  difference [95.0% CI]  Welch p  M-W p  verdict
///
/// Columns are aligned to their widest cell. Means use %.6g; the difference
/// is ministat's relative line, `-3.76% +/- 0.645%`; p-values %.2g ("-" when
/// undefined, e.g. no variance at all). With more than two sets each row
/// names its set in a `set` column instead of the means' headers.
std::string FormatSummaryTable(const std::vector<ComparisonRow>& rows, const std::string& baseline,
                               double confidence_percent);

/// The same rows as CSV (docs/csv-format.md, "The comparison CSV"): numbers
/// in full precision, undefined ones as empty cells.
std::string FormatSummaryCsv(const std::vector<ComparisonRow>& rows);

}  // namespace timeit
