#include "wrapper/compare/compare_inputs.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "platforms/file_text.h"
#include "wrapper/base/errors.h"
#include "wrapper/compare/json_input.h"
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

}  // namespace timeit
