#include "wrapper/results/results_csv_reader.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <set>

#include "platforms/file_text.h"
#include "wrapper/base/csv_text.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/text.h"
#include "wrapper/results/results_columns.h"

namespace timeit {

std::optional<std::size_t> ResultsTable::Column(std::string_view name) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return i;
  return std::nullopt;
}

std::string ResultsTable::Where(std::size_t row) const {
  return file + ":" + (row < places.size() ? places[row] : std::to_string(lines[row]));
}

bool ResultsTable::IsTimeitFormat() const {
  // Files from before `status_text` have the run columns without it.
  const std::size_t first = kRunColumns.size() - 1;
  if (columns.size() < first) return false;
  for (std::size_t i = 0; i < first; ++i)
    if (columns[i] != kRunColumns[i]) return false;
  return true;
}

ResultsTable ParseResultsCsv(std::string_view text, const std::string& file,
                             std::vector<std::string>* warnings) {
  std::vector<CsvRecord> records = ParseCsvText(text);
  if (records.empty()) throw InputError(file, 0, "no header row (empty file)");
  ResultsTable t;
  t.file = file;
  t.columns = std::move(records.front().fields);
  std::set<std::string_view> seen;
  for (const std::string& c : t.columns)
    if (!seen.insert(c).second)
      throw InputError(file, records.front().line, "duplicate column '" + c + "'");
  const bool ours = t.IsTimeitFormat();
  if (!records.front().terminated && ours) t.columns.clear();  // a cut-off header
  for (std::size_t r = 1; r < records.size(); ++r) {
    CsvRecord& rec = records[r];
    if (!rec.terminated && ours) {
      if (warnings != nullptr)
        warnings->push_back(file + ":" + std::to_string(rec.line) +
                            ": skipped an incomplete last row (left by an interrupted run)");
      break;
    }
    if (rec.fields.size() != t.columns.size())
      throw InputError(file, rec.line,
                       "ragged row: " + std::to_string(rec.fields.size()) +
                           " fields, the header has " + std::to_string(t.columns.size()));
    t.rows.push_back(std::move(rec.fields));
    t.lines.push_back(rec.line);
  }
  return t;
}

ResultsTable ReadResultsCsv(const std::string& path, std::vector<std::string>* warnings) {
  int error = 0;
  const std::optional<std::string> text = platforms::ReadFileText(path, &error);
  if (!text) throw InputError(path, 0, std::strerror(error));  // EISDIR: not an empty file
  return ParseResultsCsv(*text, path, warnings);
}

bool IsEmptyCell(std::string_view cell) {
  cell = Trim(cell);
  return cell.empty() || cell == "NA" || cell == "nan" || cell == "NaN";
}

std::optional<double> CellNumber(std::string_view cell) { return ParseCellNumber(cell); }

std::optional<double> ParseMetricCell(const ResultsTable& table, std::size_t row,
                                      std::size_t column, bool finite) {
  const std::string& cell = table.rows[row][column];
  if (IsEmptyCell(cell)) return std::nullopt;
  return CellNumberIn(table.file, table.lines[row],
                      "column " + QuoteForMessage(table.columns[column]), cell, finite);
}

}  // namespace timeit
