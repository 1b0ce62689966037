#include "tests/cli/summary_csv.h"

#include <gtest/gtest.h>

namespace timeit::testing {
namespace {

std::vector<std::string> Fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

}  // namespace

std::vector<std::string> TextLines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<std::map<std::string, std::string>> SummaryRows(const std::string& csv) {
  const std::vector<std::string> lines = TextLines(csv);
  std::vector<std::map<std::string, std::string>> rows;
  if (lines.empty()) return rows;
  const std::vector<std::string> header = Fields(lines.front());
  for (std::size_t l = 1; l < lines.size(); ++l) {
    const std::vector<std::string> fields = Fields(lines[l]);
    EXPECT_EQ(fields.size(), header.size()) << lines[l];
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) row[header[i]] = fields[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

std::map<std::string, std::string> SummaryRow(const std::string& csv, const std::string& metric,
                                              const std::string& set) {
  for (auto& row : SummaryRows(csv))
    if (row["metric"] == metric && row["set"] == set) return row;
  ADD_FAILURE() << "no summary row for " << metric << " in " << set << ":\n" << csv;
  return {};
}

std::string MinistatBlock(const std::string& report, const std::string& first_legend) {
  const std::size_t start = report.find("x " + first_legend + "\n");
  if (start == std::string::npos) return {};
  const std::size_t end = report.find("\n\n", start);
  return report.substr(start, end == std::string::npos ? std::string::npos : end + 1 - start);
}

void ExpectSameMinistatBlock(const std::string& ours, const std::string& theirs) {
  const std::vector<std::string> a = TextLines(ours), b = TextLines(theirs);
  ASSERT_EQ(a.size(), b.size()) << ours << theirs;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (i > 0 && b[i - 1].find(" +/- ") != std::string::npos && b[i].find('%') != std::string::npos)
      continue;
    EXPECT_EQ(a[i], b[i]) << "line " << i;
  }
}

}  // namespace timeit::testing
