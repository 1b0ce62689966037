#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// A CSV with a header row, as read back by the appender and by compare.
struct ResultsTable {
  std::string file;                            ///< as named in messages
  std::vector<std::string> columns;            ///< the header row
  std::vector<std::vector<std::string>> rows;  ///< each has columns.size() fields
  std::vector<long> lines;                     ///< the line each row starts on
  /// Where each row is when a line says little (a table made from JSON:
  /// "results[1].times[3]"); empty for a CSV.
  std::vector<std::string> places;
  /// The values are already in the units a reader sees (metric_units.h):
  /// timeit compare's own --json, read back. A CSV holds its documented units.
  bool in_display_units = false;

  std::optional<std::size_t> Column(std::string_view name) const;
  /// "file:line", or "file:place" for a table with places.
  std::string Where(std::size_t row) const;
  /// True when the header is our own format (label,run,warmup,start,status,...).
  bool IsTimeitFormat() const;
};

/// Parses `text` read from `file`. Throws InputError (naming file and line)
/// for a missing header, duplicate column names and ragged rows. In our own
/// format a last row cut short by a crash is skipped and a warning
/// `file:line: ...` appended to `warnings`; in other CSVs a missing final
/// newline is fine.
ResultsTable ParseResultsCsv(std::string_view text, const std::string& file,
                             std::vector<std::string>* warnings);

/// Reads and parses `path`. Throws InputError when it cannot be read.
ResultsTable ReadResultsCsv(const std::string& path, std::vector<std::string>* warnings);

/// Whether a cell holds no value: blank, or NA/nan/NaN as pandas and R write.
bool IsEmptyCell(std::string_view cell);

/// A cell read as a number (ParseCellNumber: blanks around it and a leading
/// '+' allowed, as spreadsheets write them); nullopt for text.
std::optional<double> CellNumber(std::string_view cell);

/// The number in a metric cell: nullopt for an empty cell. Throws InputError
/// naming file, line and column for text that is not a number (and, when
/// `finite`, for "inf").
std::optional<double> ParseMetricCell(const ResultsTable& table, std::size_t row,
                                      std::size_t column, bool finite = false);

}  // namespace timeit
