#include "wrapper/compare/compare_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "wrapper/base/csv_text.h"

namespace timeit {
namespace {

std::string P(double p) { return std::isnan(p) ? "-" : fmt::format("{:.2g}", p); }

std::string Mean(double v) { return fmt::format("{:.6g}", v); }

std::string Relative(const ComparisonRow& r) {
  const double margin = r.relative.high_percent - r.relative.estimate_percent;
  if (std::isnan(margin)) return fmt::format("{:+.3g}%", r.relative.estimate_percent);
  return fmt::format("{:+.3g}% +/- {:.3g}%", r.relative.estimate_percent, margin);
}

/// Left-aligned text, right-aligned numbers, two spaces between columns.
std::string Align(const std::vector<std::vector<std::string>>& table, std::size_t left_columns) {
  std::vector<std::size_t> width(table.front().size(), 0);
  for (const auto& line : table)
    for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
  std::string text;
  for (const auto& line : table) {
    std::string out;
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (c > 0) out += "  ";
      const std::size_t pad = width[c] - line[c].size();
      const bool left = c < left_columns || c + 1 == line.size();
      if (!left) out.append(pad, ' ');
      out += line[c];
      if (left && c + 1 < line.size()) out.append(pad, ' ');
    }
    text += out + '\n';
  }
  return text;
}

}  // namespace

std::string FormatSummaryTable(const std::vector<ComparisonRow>& rows, const std::string& baseline,
                               double confidence_percent) {
  if (rows.empty()) return {};
  std::set<std::string> others;
  for (const ComparisonRow& r : rows) others.insert(r.set);
  const bool one_other = others.size() == 1;
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> header = {"metric", "better"};
  if (!one_other) header.push_back("set");
  header.push_back(baseline + " mean");
  header.push_back(one_other ? *others.begin() + " mean" : "mean");
  header.push_back(fmt::format("difference ({:.1f}% CI)", confidence_percent));
  for (const char* h : {"Welch p", "M-W p", "verdict"}) header.push_back(h);
  table.push_back(header);
  for (const ComparisonRow& r : rows) {
    std::vector<std::string> line = {r.metric, r.lower_is_better ? "lower" : "higher"};
    if (!one_other) line.push_back(r.set);
    for (std::string cell : {Mean(r.mean_baseline), Mean(r.mean), Relative(r), P(r.welch_p),
                             P(r.mann_whitney_p), r.verdict})
      line.push_back(std::move(cell));
    table.push_back(std::move(line));
  }
  return fmt::format("Summary against {} (verdict: Student's t as above, by direction)\n",
                     baseline) +
         Align(table, one_other ? 2 : 3);
}

std::string FormatSummaryCsv(const std::vector<ComparisonRow>& rows) {
  std::string text =
      "metric,better,baseline,set,n_baseline,n,mean_baseline,mean,difference,difference_percent,"
      "ci_low_percent,ci_high_percent,student_p,welch_p,mann_whitney_p,verdict\n";
  const auto number = [&text](double v) {
    text += ',';
    if (std::isfinite(v)) text += fmt::format("{}", v);
  };
  for (const ComparisonRow& r : rows) {
    AppendCsvField(text, r.metric);
    text += r.lower_is_better ? ",lower," : ",higher,";
    AppendCsvField(text, r.baseline);
    text += ',';
    AppendCsvField(text, r.set);
    text += fmt::format(",{},{}", r.n_baseline, r.n);
    for (double v : {r.mean_baseline, r.mean, r.difference, r.relative.estimate_percent,
                     r.relative.low_percent, r.relative.high_percent, r.student_p, r.welch_p,
                     r.mann_whitney_p})
      number(v);
    text += ',' + r.verdict + '\n';
  }
  return text;
}

}  // namespace timeit
