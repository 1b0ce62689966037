#include "wrapper/compare/input/plain_input.h"

#include <fcntl.h>
#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include "platforms/unique_fd.h"
#include "wrapper/base/errors.h"
#include "wrapper/ministat/ministat_fields.h"

namespace timeit {
namespace {

/// compare's minimum: two values make a mean and a variance.
constexpr std::size_t kMinValues = 2;

bool IsNumber(std::string_view field) {
  const std::optional<double> v = MinistatNumber(field);
  return v && std::isfinite(*v);
}

}  // namespace

bool LooksLikePlainNumbers(std::string_view text, const ColumnFormat& format) {
  const MinistatFields fields(format);
  while (!text.empty()) {
    const std::size_t nl = std::min(text.find('\n'), text.size());
    const MinistatFields::Field f = fields.Of(text.substr(0, nl));
    text.remove_prefix(std::min(nl + 1, text.size()));
    if (f.found == MinistatFields::Found::kField) return IsNumber(f.field);
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
