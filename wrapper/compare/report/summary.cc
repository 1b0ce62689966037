#include "wrapper/compare/report/summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "wrapper/base/text.h"
#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/compare/verdicts/report_cells.h"

namespace timeit {

namespace {

/// The summary's header and rows, and how many columns on the left are text.
struct SummaryTable {
  std::vector<std::vector<std::string>> rows;
  std::size_t text_columns = 2;
};

SummaryTable MakeSummaryTable(const std::vector<ComparisonRow>& rows, const std::string& baseline,
                              double confidence_percent, bool verbose, const TimeUnit& time_unit) {
  const std::vector<RowCells> cells = FormatRowCells(rows, time_unit);
  std::set<std::string> others;
  for (const ComparisonRow& r : rows) others.insert(r.set);
  const bool one_other = others.size() == 1;
  SummaryTable table;
  table.text_columns = one_other ? 2 : 3;
  std::vector<std::string> header = {"metric", "better"};
  if (!one_other) header.push_back("set");
  header.push_back(baseline + " mean");
  header.push_back(one_other ? *others.begin() + " mean" : "mean");
  const bool several_tests = TestsHeading(rows).find(" and ") != std::string::npos;
  const bool boots = AnyAcrossBoots(rows);
  const bool hosts =
      std::any_of(rows.begin(), rows.end(), [](const ComparisonRow& r) { return r.hosts > 1; });
  if (several_tests) header.push_back("test");
  header.push_back(fmt::format("difference ({}% CI)", ReadablePercent(confidence_percent, false)));
  if (verbose) {
    if (hosts) header.push_back("hosts");
    if (boots)
      for (const char* h : {"boots", "variance", "model p"}) header.push_back(h);
    for (const char* h : {"t p", "Welch p", "M-W p"}) header.push_back(h);
  }
  header.push_back("verdict");
  table.rows.push_back(header);
  for (const RowCells& c : cells) {
    std::vector<std::string> line = {c.metric, c.better};
    if (!one_other) line.push_back(c.row.set);
    line.push_back(c.mean_baseline);
    line.push_back(c.mean);
    if (several_tests) line.push_back(c.test);
    line.push_back(c.Difference("+/-"));
    if (verbose) {
      if (hosts) line.push_back(c.hosts);
      if (boots) {
        line.push_back(c.boots);
        line.push_back(c.variance);
        line.push_back(c.row.test == stats::MeanTest::kMixedModel ? c.p : "-");
      }
      for (const std::string& p : {c.student_p, c.welch_p, c.mann_whitney_p}) line.push_back(p);
    }
    line.push_back(c.verdict);
    table.rows.push_back(std::move(line));
  }
  return table;
}

std::string Title(const std::vector<ComparisonRow>& rows, const std::string& baseline,
                  double confidence_percent, double threshold_percent) {
  return fmt::format("Summary against {} ({})", baseline,
                     VerdictTerms(TestsHeading(rows), confidence_percent, threshold_percent));
}

std::string MarkdownCell(const std::string& text) {
  std::string cell;
  for (char ch : text) {
    if (ch == '|') cell += '\\';
    cell += ch;
  }
  return cell;
}

}  // namespace

std::string FormatSummaryTable(const std::vector<ComparisonRow>& rows, const std::string& baseline,
                               double confidence_percent, double threshold_percent, bool verbose,
                               const TimeUnit& time_unit) {
  if (rows.empty()) return {};
  const SummaryTable table =
      MakeSummaryTable(rows, baseline, confidence_percent, verbose, time_unit);
  return Title(rows, baseline, confidence_percent, threshold_percent) + "\n" +
         AlignColumns(table.rows, table.text_columns);
}

std::string FormatSummaryMarkdown(const std::vector<ComparisonRow>& rows,
                                  const std::string& baseline, double confidence_percent,
                                  double threshold_percent, const TimeUnit& time_unit) {
  if (rows.empty()) return {};
  const SummaryTable table = MakeSummaryTable(rows, baseline, confidence_percent, false, time_unit);
  std::string text = Title(rows, baseline, confidence_percent, threshold_percent) + "\n\n";
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const std::vector<std::string>& row = table.rows[r];
    for (const std::string& cell : row) text += "| " + MarkdownCell(cell) + " ";
    text += "|\n";
    if (r != 0) continue;
    // The means and the difference are numbers: right-aligned; the verdict is text.
    for (std::size_t c = 0; c < row.size(); ++c)
      text += c < table.text_columns || c + 1 == row.size() ? "|:---" : "|---:";
    text += "|\n";
  }
  return text;
}

}  // namespace timeit
