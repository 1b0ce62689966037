#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace timeit::testing {

/// A CSV file as the tests see it: read by the small RFC 4180 reader here,
/// not by timeit's own (wrapper/results), so that a bug in the program's
/// reader cannot hide one in its writer.
struct RunsTable {
  std::vector<std::string> columns;            ///< the header row
  std::vector<std::vector<std::string>> rows;  ///< each has columns.size() fields
  std::optional<std::size_t> Column(std::string_view name) const;
};

/// Parses CSV text: fields separated by commas, quoted fields (with doubled
/// quotes, commas and line breaks inside), LF or CRLF line ends. Fails the
/// test on a ragged row, an unclosed quote or a last line without its end.
RunsTable ParseCsvForTest(std::string_view text);

/// Reads a results CSV timeit wrote (with ParseCsvForTest), failing the test
/// on any problem and when its header is not timeit's (label,run,...).
RunsTable ReadRuns(const std::filesystem::path& csv);

/// The cells of `column` of every row (of a RunsTable or timeit's own RunsTable).
template <typename Table>
std::vector<std::string> ColumnOf(const Table& t, const std::string& column) {
  std::vector<std::string> cells;
  const auto c = t.Column(column);
  EXPECT_TRUE(c.has_value()) << column;
  if (!c) return cells;
  for (const auto& row : t.rows) cells.push_back(row[*c]);
  return cells;
}

/// `sh -c SCRIPT` as argument words for timeit.
std::vector<std::string> Sh(const std::string& script);

}  // namespace timeit::testing
