#include "wrapper/results/results_csv_reader.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "wrapper/base/csv_text.h"
#include "wrapper/base/errors.h"
#include "wrapper/results/results_columns.h"

namespace timeit {

std::optional<std::size_t> ResultsTable::Column(std::string_view name) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return i;
  return std::nullopt;
}

bool ResultsTable::IsTimeitFormat() const {
  if (columns.size() < kRunColumns.size()) return false;
  for (std::size_t i = 0; i < kRunColumns.size(); ++i)
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
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  return ParseResultsCsv(s.str(), path, warnings);
}

std::optional<double> ParseMetricCell(const ResultsTable& table, std::size_t row,
                                      std::size_t column) {
  const std::string& cell = table.rows[row][column];
  std::string_view v = cell;
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  if (v.empty() || v == "NA" || v == "nan" || v == "NaN") return std::nullopt;
  if (v.front() == '+') v.remove_prefix(1);
  double d = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
  // Quoted in part, on one line: a 10 MB cell must not become a 10 MB message.
  const auto quote = [](std::string_view s) {
    std::string q(s.substr(0, 40));
    for (char& c : q)
      if (c == '\n' || c == '\r') c = ' ';
    return "'" + q + (s.size() > 40 ? "...'" : "'");
  };
  if (ec != std::errc() || p != v.data() + v.size())
    throw InputError(
        table.file, table.lines[row],
        "column " + quote(table.columns[column]) + ": " + quote(cell) + " is not a number");
  return d;
}

}  // namespace timeit
