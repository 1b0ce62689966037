#include "wrapper/compare/input/read_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "wrapper/base/errors.h"
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
  std::error_code ec;
  // A directory opens as a stream that reads nothing: it would pass for an
  // empty file.
  if (std::filesystem::is_directory(file, ec)) throw InputError(file, 0, std::strerror(EISDIR));
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(file, 0, std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw InputError(file, 0, std::string("cannot read: ") + std::strerror(errno));
  const std::string text = s.str();
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
