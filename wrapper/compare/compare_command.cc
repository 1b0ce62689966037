#include "wrapper/compare/compare_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/plot_width.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/compare_metrics.h"
#include "wrapper/compare/export/html_report.h"
#include "wrapper/compare/export/json_export.h"
#include "wrapper/compare/export/summary_csv.h"
#include "wrapper/compare/input/read_input.h"
#include "wrapper/compare/profile/profile_comparison.h"
#include "wrapper/compare/profile/profile_html.h"
#include "wrapper/compare/report/ministat_blocks.h"
#include "wrapper/compare/report/scan_table.h"
#include "wrapper/compare/report/summary.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/sets/names.h"
#include "wrapper/compare/verdicts/bisect.h"
#include "wrapper/compare/verdicts/comparison_rows.h"
#include "wrapper/compare/verdicts/drift.h"
#include "wrapper/compare/verdicts/gate.h"
#include "wrapper/compare/verdicts/outliers.h"
#include "wrapper/compare/verdicts/report_cells.h"
#include "wrapper/compare/verdicts/scan.h"
#include "wrapper/compare/verdicts/warnings.h"

namespace timeit {
namespace {

/// Whether some metric has at least two values in the baseline and in
/// another set: without one there is nothing to compare, which is bad input.
bool AnyShared(const CompareInput& in, const std::vector<std::string>& metrics) {
  const auto count = [](const CompareSet& s, const std::string& m) {
    const auto it = s.metrics.find(m);
    return it == s.metrics.end() ? std::size_t{0} : it->second.values.size();
  };
  for (const std::string& m : metrics) {
    if (count(in.sets.front(), m) < 2) continue;
    for (std::size_t i = 1; i < in.sets.size(); ++i)
      if (count(in.sets[i], m) >= 2) return true;
  }
  return false;
}

/// Writes an export (`what`: "the summary CSV") to `path`, '-' being stdout.
/// A file that cannot be opened for its name (no such folder, no permission)
/// is the user's input (exit status 2); one that cannot be written once open
/// is timeit's failure (3).
void WriteExport(const std::string& path, const std::string& text, const char* what) {
  if (path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file)
    throw SystemError(fmt::format("{}: cannot write {}: {}", path, what, std::strerror(errno)),
                      OpenFailureStatus(errno));
  file << text;
  file.flush();
  if (!file)
    throw SystemError(fmt::format("{}: cannot write {}: {}", path, what, std::strerror(errno)));
}

/// One warning for the pairs whose sets ran on one host each, different ones.
std::optional<std::string> HostWarning(const std::vector<ComparisonRow>& rows) {
  std::vector<std::string> pairs;
  for (const ComparisonRow& r : rows) {
    const std::string pair = r.baseline + " and " + r.set;
    if (r.hosts_confounded && std::find(pairs.begin(), pairs.end(), pair) == pairs.end())
      pairs.push_back(pair);
  }
  if (pairs.empty()) return std::nullopt;
  return fmt::format(
      "{} ran on different hosts, one each: what the host adds cannot be told apart from the "
      "difference (the host is no level of the model)",
      fmt::join(pairs, ", "));
}

/// What a person reads on stdout: the ministat blocks, the summary (with the
/// note on one boot each), the scan table and the profile section, each
/// rendered from the rows and tables already judged.
std::string ReportText(const CompareInput& in, const std::vector<std::vector<std::string>>& groups,
                       const std::vector<ComparisonRow>& rows, const ScanTable* scan,
                       const std::vector<ProfileComparison>& profiles,
                       const stats::MinistatOptions& ministat, const CompareOptions& options) {
  std::string text;
  WriteMetricBlocks(in, groups, ministat, text);
  const std::string table = FormatSummaryTable(
      rows, in.sets.front().label, ministat.confidence_percent, options.threshold_percent,
      options.verbose, TimeUnitNamed(options.time_unit));
  if (!table.empty()) text += '\n' + table + OneBootNote(in, rows);
  if (scan != nullptr) text += '\n' + FormatScanTable(*scan);
  return text + FormatProfileSection(profiles, options.top, ministat.confidence_percent);
}

}  // namespace

int RunComparison(const CompareOptions& options, std::FILE* out) {
  std::vector<std::string> notes;
  CompareInput in = BuildCompareSets(
      ReadCompareInputs(options.files, {options.plain_columns, PlainMetric(options)}, notes),
      notes);
  if (!options.set_order.empty()) {
    const auto place = [&options](const CompareSet& s) {
      return std::find(options.set_order.begin(), options.set_order.end(), s.label) -
             options.set_order.begin();
    };
    std::stable_sort(
        in.sets.begin(), in.sets.end(),
        [&place](const CompareSet& a, const CompareSet& b) { return place(a) < place(b); });
  }
  RenameSets(in, options.names);
  if (options.verbose)
    for (std::string& n : SetCommandNotes(in)) notes.push_back(std::move(n));
  const MetricChoice choice = ChooseMetrics(in, options, notes);
  const std::vector<std::string>& metrics = choice.metrics;
  if (!AnyShared(in, metrics)) {
    const std::string where = WherePresent(in, metrics);
    throw Error(fmt::format("compare: {}: no metric has two or more values in both the baseline "
                            "({}) and another set{}",
                            fmt::join(options.files, ", "), in.sets.front().label,
                            where.empty() ? "" : " (" + where + ")"),
                kExitBadInput);
  }
  // With an export on stdout, stdout holds that export alone.
  if ((options.csv == "-" || options.json == "-" || options.html == "-" ||
       options.markdown == "-" || options.profile_csv == "-") &&
      out == stdout)
    out = stderr;
  const double confidence = options.report.confidence_percent;
  const std::vector<ComparisonRow> rows =
      JudgeRows(in, choice.groups, {confidence, options.threshold_percent, options.test});
  // Sets labelled NAME=VALUE (a parameter scan): each metric against the value.
  const std::optional<ScanTable> scan = FindScan(in, ScanMetrics(in, options.metrics), confidence);
  const std::vector<ProfileComparison> profiles = CompareProfiles(
      in,
      LoadProfiles(in, options.files,
                   {.explicit_files = options.profile_files, .total = options.profile_total},
                   notes),
      {.metrics = options.metrics, .confidence_percent = confidence, .test = options.test});
  const TimeUnit time_unit = TimeUnitNamed(options.time_unit);
  if (!options.quiet && !options.bisect) {
    stats::MinistatOptions ministat = options.report;
    if (!options.width_given) ministat.width = TerminalPlotWidth(fileno(out)).value_or(74);
    const std::string text =
        ReportText(in, choice.groups, rows, scan ? &*scan : nullptr, profiles, ministat, options);
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
  }
  for (const std::string& n : notes) std::fprintf(stderr, "timeit: %s\n", n.c_str());
  std::vector<std::string> warnings = CompareWarnings(in, metrics);
  // A group's metrics have the same values, so the same sets: its first names it.
  std::vector<std::string> leaders;
  for (const std::vector<std::string>& group : choice.groups) leaders.push_back(group.front());
  if (std::optional<std::string> partial = PartialMetricsWarning(in, leaders))
    warnings.insert(warnings.begin(), *partial);
  for (std::string& w : OutlierWarnings(in, rows, confidence, options.verbose))
    warnings.push_back(std::move(w));
  if (std::optional<std::string> drift = DriftWarning(in, metrics)) warnings.push_back(*drift);
  if (std::optional<std::string> hosts = HostWarning(rows)) warnings.push_back(*hosts);
  for (const std::string& w : warnings) std::fprintf(stderr, "timeit: warning: %s\n", w.c_str());
  if (!options.csv.empty()) WriteExport(options.csv, FormatSummaryCsv(rows), "the summary CSV");
  if (!options.json.empty())
    WriteExport(options.json, FormatHyperfineJson(in, choice.with_data, rows), "the JSON export");
  if (!options.markdown.empty())
    WriteExport(options.markdown,
                FormatSummaryMarkdown(rows, in.sets.front().label, confidence,
                                      options.threshold_percent, time_unit),
                "the Markdown summary");
  if (!options.profile_csv.empty())
    WriteExport(options.profile_csv, FormatProfileCsv(profiles), "the profile comparison CSV");
  if (!options.html.empty())
    WriteExport(
        options.html,
        FormatHtmlReport(
            in, {metrics, rows, warnings, notes, confidence, options.threshold_percent,
                 ProfileHtmlSection(profiles, options.top, confidence), scan ? &*scan : nullptr}),
        "the HTML report");
  if (options.bisect) {
    const BisectAnswer answer = JudgeForBisect(in, rows, options.metrics);
    std::fprintf(out, "%s\n", answer.line.c_str());
    return answer.status;
  }
  const GateDecision gate = JudgeGate(rows, options.fail_on, confidence);
  for (const std::string& line : GateLines(gate, rows, confidence))
    std::fprintf(stderr, "timeit: %s\n", line.c_str());
  return gate.fired.empty() ? kExitOk : kExitCommandFailed;
}

int CompareMain(int argc, char** argv) { return CompareMain(ParseCompareOptions(argc, argv)); }

int CompareMain(const CompareOptions& options) {
  if (options.help) {
    std::fputs(CompareUsage().c_str(), stdout);
    return kExitOk;
  }
  return RunComparison(options, stdout);
}

}  // namespace timeit
