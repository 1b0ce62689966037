#include "wrapper/compare/compare_inputs.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "wrapper/base/errors.h"
#include "wrapper/compare/json_input.h"
#include "wrapper/results/results_columns.h"

namespace timeit {

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
  if (table.IsTimeitFormat()) table.columns = ColumnsAsNamedNow(std::move(table.columns));
  return table;
}

}  // namespace timeit
