#include "wrapper/compare/compare_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "wrapper/base/errors.h"
#include "wrapper/base/plot_width.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/compare_blocks.h"
#include "wrapper/compare/compare_html.h"
#include "wrapper/compare/compare_json.h"
#include "wrapper/compare/compare_sets.h"
#include "wrapper/compare/compare_summary.h"
#include "wrapper/compare/compare_warnings.h"

namespace timeit {
namespace {

bool HasValues(const CompareInput& in, const std::string& metric) {
  return std::any_of(in.sets.begin(), in.sets.end(), [&](const CompareSet& s) {
    const auto it = s.metrics.find(metric);
    return it != s.metrics.end() && !it->second.values.empty();
  });
}

/// The first metrics' names, for a one-line message.
std::string KnownMetrics(const std::vector<std::string>& metrics) {
  std::string list;
  for (std::size_t i = 0; i < metrics.size() && i < 12; ++i)
    list += (i == 0 ? "" : ", ") + QuoteForMessage(metrics[i]);
  return metrics.size() > 12 ? list + ", ..." : list;
}

/// The metrics to report: -m's, each checked, or every metric with data.
std::vector<std::string> ChooseMetrics(const CompareInput& in, const CompareOptions& o,
                                       std::vector<std::string>& notes) {
  std::vector<std::string> chosen, empty;
  if (!o.metrics.empty()) {
    for (const std::string& m : o.metrics) {
      if (std::find(in.metrics.begin(), in.metrics.end(), m) == in.metrics.end())
        throw UsageError(fmt::format("compare: -m {}: no such metric in {}; there are: {}",
                                     QuoteForMessage(m), fmt::join(o.files, ", "),
                                     KnownMetrics(in.metrics)));
      if (std::find(chosen.begin(), chosen.end(), m) == chosen.end()) chosen.push_back(m);
    }
    return chosen;
  }
  for (const std::string& m : in.metrics) (HasValues(in, m) ? chosen : empty).push_back(m);
  if (!empty.empty())
    notes.push_back(fmt::format("not measured in any set, left out: {}", fmt::join(empty, ", ")));
  return chosen;
}

/// Writes an export (`what`: "the summary CSV") to `path`, '-' being stdout.
void WriteExport(const std::string& path, const std::string& text, const char* what) {
  if (path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file)
    throw InputError(path, 0, fmt::format("cannot write {}: {}", what, std::strerror(errno)));
  file << text;
  file.flush();
  if (!file)
    throw InputError(path, 0, fmt::format("cannot write {}: {}", what, std::strerror(errno)));
}

}  // namespace

void RunComparison(const CompareOptions& options, std::FILE* out) {
  std::vector<std::string> notes;
  const CompareInput in = LoadCompareSets(options.files, notes);
  const std::vector<std::string> metrics = ChooseMetrics(in, options, notes);
  stats::MinistatOptions report = options.report;
  if (!options.width_given) report.width = TerminalPlotWidth(fileno(out)).value_or(74);

  std::string text;
  const std::vector<ComparisonRow> rows = WriteMetricBlocks(in, metrics, report, text);
  const std::string table =
      FormatSummaryTable(rows, in.sets.front().label, report.confidence_percent);
  if (!table.empty()) text += '\n' + table;
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  for (const std::string& n : notes) std::fprintf(stderr, "timeit: %s\n", n.c_str());
  const std::vector<std::string> warnings = CompareWarnings(in, metrics);
  for (const std::string& w : warnings) std::fprintf(stderr, "timeit: warning: %s\n", w.c_str());
  if (!options.csv.empty()) WriteExport(options.csv, FormatSummaryCsv(rows), "the summary CSV");
  if (!options.json.empty())
    WriteExport(options.json, FormatHyperfineJson(in, metrics), "the JSON export");
  if (!options.html.empty())
    WriteExport(options.html,
                FormatHtmlReport(in, {metrics, rows, warnings, notes, report.confidence_percent}),
                "the HTML report");
}

int CompareMain(int argc, char** argv) {
  const CompareOptions options = ParseCompareOptions(argc, argv);
  if (options.help) {
    std::fputs(CompareUsage().c_str(), stdout);
    return kExitOk;
  }
  RunComparison(options, stdout);
  return kExitOk;
}

}  // namespace timeit
