#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/comparison_rows.h"
#include "wrapper/compare/verdicts/scan.h"

namespace timeit {

/// What the HTML report shows besides the sets themselves.
struct HtmlReportParts {
  const std::vector<std::string>& metrics;   ///< in report order
  const std::vector<ComparisonRow>& rows;    ///< the summary's rows
  const std::vector<std::string>& warnings;  ///< CompareWarnings
  const std::vector<std::string>& notes;     ///< what compare noted on stderr
  double confidence_percent = 95;
  double threshold_percent = 1;  ///< --threshold, said with the verdicts
  /// The "Where the difference is" section (profile_html.h), or empty.
  std::string profile_section = {};
  /// The parameter scan (verdicts/scan.h), charted after the summary; null
  /// when the sets are no scan.
  const ScanTable* scan = nullptr;
};

/// `timeit compare --html FILE`: one self-contained page, well-formed XML
/// (XHTML syntax in an HTML5 document) with inline CSS and SVG, no script
/// and nothing fetched: the sets, the summary table with its verdicts, the
/// warnings, then per metric a strip plot of every measured run per set with
/// the mean and its confidence interval, and the runs in order with warm-up
/// runs marked. Laid out for a laptop screen; `@media print` puts two charts
/// side by side and keeps each metric on one page.
std::string FormatHtmlReport(const CompareInput& in, const HtmlReportParts& parts);

}  // namespace timeit
