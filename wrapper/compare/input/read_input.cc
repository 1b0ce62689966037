#include "wrapper/compare/input/read_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "platforms/file_text.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/same_file.h"
#include "wrapper/compare/input/json_input.h"
#include "wrapper/results/results_columns.h"

namespace timeit {
namespace {

/// hyperfine's --export-csv: one row of summary statistics per command
/// (command,mean,stddev,median,user,system,min,max, then parameter_NAME
/// columns), read as runs it would make metrics of mean and stddev.
bool IsHyperfineCsv(const std::vector<std::string>& columns) {
  static const std::vector<std::string> kColumns = {"command", "mean",   "stddev", "median",
                                                    "user",    "system", "min",    "max"};
  if (columns.size() < kColumns.size() ||
      !std::equal(kColumns.begin(), kColumns.end(), columns.begin()))
    return false;
  return std::all_of(columns.begin() + static_cast<std::ptrdiff_t>(kColumns.size()), columns.end(),
                     [](const std::string& c) { return c.starts_with("parameter_"); });
}

}  // namespace

ResultsTable ReadCompareInput(const std::string& file, const PlainFormat& plain,
                              std::vector<std::string>& notes) {
  int error = 0;
  const std::optional<std::string> read = platforms::ReadFileText(file, &error);
  if (!read) throw InputError(file, 0, std::strerror(error));  // EISDIR: not an empty file
  const std::string& text = *read;
  if (LooksLikeJson(text)) return ReadJsonInput(file, text, notes);
  if (LooksLikePlainNumbers(text, plain.columns)) return ReadPlainNumbers(file, plain);
  ResultsTable table = ParseResultsCsv(text, file, &notes);
  if (IsHyperfineCsv(table.columns))
    throw InputError(file, 1,
                     "hyperfine's --export-csv holds one summary row per command, not its runs: "
                     "export with --export-json and compare that file");
  if (table.IsTimeitFormat()) table.columns = ColumnsAsNamedNow(std::move(table.columns));
  return table;
}

std::vector<std::size_t> MetricColumns(const ResultsTable& t) {
  std::vector<std::size_t> metrics;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    const std::string& name = t.columns[c];
    if (IsNonMetricColumn(name) || IsRunningColumn(name)) continue;
    for (const auto& row : t.rows) {
      if (IsEmptyCell(row[c])) continue;
      if (CellNumber(row[c])) metrics.push_back(c);
      break;
    }
    // A column with no value at all may still be a counter that was not
    // permitted: keep it when it has a `.running` companion.
    if ((metrics.empty() || metrics.back() != c) && t.Column(RunningColumn(name)) &&
        std::all_of(t.rows.begin(), t.rows.end(),
                    [c](const auto& row) { return IsEmptyCell(row[c]); }))
      metrics.push_back(c);
  }
  return metrics;
}

std::vector<ResultsTable> ReadCompareInputs(const std::vector<std::string>& files,
                                            const PlainFormat& plain,
                                            std::vector<std::string>& notes) {
  std::vector<ResultsTable> tables;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string& f = files[i];
    for (std::size_t j = 0; j < i; ++j)
      if (files[j] == f || SameFile(files[j], f))
        throw InputError(f, 0,
                         files[j] == f
                             ? std::string("given twice; each file is read once")
                             : "the same file as " + files[j] + "; each file is read once");
    tables.push_back(ReadCompareInput(f, plain, notes));
    if (tables.back().rows.empty()) throw InputError(f, 0, "no runs, only a header row");
    const std::vector<std::string>& header = tables.back().columns;
    if (!header.empty() && std::all_of(header.begin(), header.end(), [](const std::string& c) {
          return CellNumber(c).has_value();
        }))
      throw InputError(f, 1,
                       "no header row: the first line holds numbers; for plain numbers in "
                       "columns, give the column and delimiters as to ministat (-C 2 -d ,)");
    if (MetricColumns(tables.back()).empty())
      throw InputError(f, 0,
                       tables.back().places.empty() ? "not a results CSV: no numeric column"
                                                    : "no run with a value to compare");
  }
  return tables;
}

}  // namespace timeit
