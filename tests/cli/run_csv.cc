#include "tests/cli/run_csv.h"

#include <gtest/gtest.h>

namespace timeit::testing {

ResultsTable ReadRuns(const std::filesystem::path& csv) {
  std::vector<std::string> warnings;
  ResultsTable t = ReadResultsCsv(csv.string(), &warnings);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  EXPECT_TRUE(t.IsTimeitFormat());
  return t;
}

std::vector<std::string> ColumnOf(const ResultsTable& t, const std::string& column) {
  std::vector<std::string> cells;
  const auto c = t.Column(column);
  EXPECT_TRUE(c.has_value()) << column;
  if (!c) return cells;
  for (const auto& row : t.rows) cells.push_back(row[*c]);
  return cells;
}

std::vector<std::string> Sh(const std::string& script) { return {"sh", "-c", script}; }

}  // namespace timeit::testing
