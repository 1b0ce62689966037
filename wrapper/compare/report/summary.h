#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/verdicts/comparison_rows.h"
#include "wrapper/compare/verdicts/report_cells.h"

namespace timeit {

/// The summary table after the blocks: a title line, a header, then one line
/// per metric and set compared with the baseline:
///
///     metric  better  isync mean  no_isync mean  difference (95% CI)  verdict
///
/// Columns are aligned to their widest cell. Means and percentages are
/// readable (SiNumber: 65.88M, never e-notation); the difference is
/// ministat's relative line, `-3.76% +/- 0.645%`, or `+0.000333% exact` for a
/// metric without variance. With `verbose`, the p-values of Student's t,
/// Welch's t and Mann-Whitney's U ("-" when undefined) before the verdict.
/// With more than two sets each row names its set in a `set` column instead
/// of the means' headers. The times' means and differences are in
/// `time_unit` (--time-unit).
std::string FormatSummaryTable(const std::vector<ComparisonRow>& rows, const std::string& baseline,
                               double confidence_percent, double threshold_percent, bool verbose,
                               const TimeUnit& time_unit = {});

/// The same table (without -v's columns) in Markdown, as hyperfine's
/// --export-markdown is for a pull request: the title line, then a pipe
/// table whose number columns are right-aligned; "|" in a cell escaped.
std::string FormatSummaryMarkdown(const std::vector<ComparisonRow>& rows,
                                  const std::string& baseline, double confidence_percent,
                                  double threshold_percent, const TimeUnit& time_unit = {});

}  // namespace timeit
