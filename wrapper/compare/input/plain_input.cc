#include "wrapper/compare/input/plain_input.h"

#include <fcntl.h>
#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include "platforms/unique_fd.h"
#include "wrapper/base/errors.h"

namespace timeit {
namespace {

/// compare's minimum: two values make a mean and a variance.
constexpr std::size_t kMinValues = 2;

bool IsNumber(std::string_view field) {
  const std::optional<double> v = MinistatNumber(field);
  return v && std::isfinite(*v);
}

/// The field `column` (1-based) of `line` split at `delimiters` as strtok
/// splits; empty when the line ends first or a comment starts before it.
std::string_view Field(std::string_view line, const ColumnFormat& format, bool& comment) {
  comment = false;
  std::size_t p = 0;
  for (int field = 1;; ++field) {
    p = line.find_first_not_of(format.delimiters, p);
    if (p == std::string_view::npos) return {};
    if (line[p] == '#') {
      comment = true;
      return {};
    }
    const std::size_t end = std::min(line.find_first_of(format.delimiters, p), line.size());
    if (field == format.column) return line.substr(p, end - p);
    p = end;
  }
}

}  // namespace

bool LooksLikePlainNumbers(std::string_view text, const ColumnFormat& format) {
  while (!text.empty()) {
    const std::size_t nl = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(std::min(nl + 1, text.size()));
    while (!line.empty() && std::strchr(" \t\r\v\f", line.back()) != nullptr) line.remove_suffix(1);
    bool comment = false;
    const std::string_view field = Field(line, format, comment);
    if (comment || field.empty()) continue;
    return IsNumber(field);
  }
  return false;
}

ResultsTable ReadPlainNumbers(const std::string& file, const PlainFormat& format) {
  const platforms::UniqueFd fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) throw InputError(file, 0, std::string("cannot open: ") + std::strerror(errno));
  ResultsTable t;
  t.file = file;
  t.columns = {format.metric};
  const ValueBuffer values = ReadDataSet(fd.get(), file, format.columns, kMinValues, &t.lines);
  t.rows.reserve(values.size());
  for (const double v : values.values()) t.rows.push_back({fmt::format("{}", v)});
  return t;
}

}  // namespace timeit
