#include "wrapper/ministat/ministat_reader.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "wrapper/base/decimal_number.h"
#include "wrapper/base/errors.h"
#include "wrapper/ministat/ministat_fields.h"

namespace timeit {
namespace {

constexpr std::size_t kBlockSize = std::size_t{1} << 20;
/// Longest piece of a bad field quoted back in an error message.
constexpr std::size_t kQuoteLimit = 40;

/// Turns lines into values; remembers what the end-of-input checks need.
class LineParser {
 public:
  LineParser(const std::string& name, const ColumnFormat& format, ValueBuffer& values,
             std::vector<long>* lines)
      : name_(name), fields_(format), values_(values), lines_(lines) {}

  void Parse(const char* begin, const char* end) {
    ++line_;
    const std::string_view line =
        fields_.TrimEnd(std::string_view(begin, static_cast<std::size_t>(end - begin)));
    if (fields_.column() == 1) {
      // The common case in one pass: a number that ends at a delimiter or
      // at the end of the line is the whole first field. Anything else
      // (comments, odd syntax, errors) takes the general path below.
      const std::size_t p = fields_.SkipDelimiters(line);
      if (p == line.size() || line[p] == '#') return;
      const char* const last = line.data() + line.size();
      double v = 0;
      const auto [stop, ec] = FromCharsDouble(line.data() + p, last, v);
      if (ec == std::errc() && (stop == last || fields_.IsDelimiter(*stop)) && std::isfinite(v)) {
        Append(v);
        return;
      }
    }
    const MinistatFields::Field f = fields_.Of(line);
    if (f.found == MinistatFields::Found::kField) Append(ToNumber(f.field));
    if (f.found == MinistatFields::Found::kShort) short_line_seen_ = true;
  }

  long line() const { return line_; }
  bool short_line_seen() const { return short_line_seen_; }

 private:
  void Append(double v) {
    values_.Append(v);
    if (lines_ != nullptr) lines_->push_back(line_);
  }

  double ToNumber(std::string_view field) const {
    const std::optional<double> v = MinistatNumber(field);
    if (!v) Fail(field, "is not a number");
    if (!std::isfinite(*v)) Fail(field, "is not a finite number");
    return *v;
  }

  [[noreturn]] void Fail(std::string_view field, const char* why) const {
    std::string quoted(field.substr(0, kQuoteLimit));
    if (field.size() > kQuoteLimit) quoted += "...";
    throw InputError(name_, line_, "'" + quoted + "' " + why);
  }

  const std::string& name_;
  const MinistatFields fields_;
  ValueBuffer& values_;
  std::vector<long>* const lines_;
  long line_ = 0;
  bool short_line_seen_ = false;
};

}  // namespace

std::optional<double> MinistatNumber(std::string_view field) {
  double v = 0;
  const auto [ptr, ec] = FromCharsDouble(field.data(), field.data() + field.size(), v);
  if (!field.empty() && ec == std::errc() && ptr == field.data() + field.size()) return v;
  // strtod for what from_chars refuses but ministat accepts ("+2", " 2"
  // with other delimiters, hex floats, "1e-999" rounding to 0).
  const std::string text(field);
  char* stop = nullptr;
  v = std::strtod(text.c_str(), &stop);
  if (stop == text.c_str() || *stop != '\0') return std::nullopt;
  return v;
}

ValueBuffer ReadDataSet(int fd, const std::string& name, const ColumnFormat& format,
                        std::size_t min_points, std::vector<long>* lines) {
  ValueBuffer values;
  LineParser parser(name, format, values, lines);
  std::vector<char> block(kBlockSize);
  std::size_t filled = 0;  // bytes of an unfinished line at the start of `block`
  bool any_input = false;
  for (;;) {
    const ssize_t got = ::read(fd, block.data() + filled, block.size() - filled);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(name, 0, std::string("cannot read: ") + std::strerror(errno));
    }
    if (got == 0) break;
    any_input = true;
    const char* p = block.data();
    const char* const end = p + filled + static_cast<std::size_t>(got);
    while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
      const char* newline = static_cast<const char*>(nl);
      parser.Parse(p, newline);
      p = newline + 1;
    }
    filled = static_cast<std::size_t>(end - p);
    std::memmove(block.data(), p, filled);
    if (filled == block.size()) block.resize(block.size() * 2);  // a very long line
  }
  if (filled > 0) parser.Parse(block.data(), block.data() + filled);  // no final newline

  if (!any_input) throw InputError(name, 0, "empty input, no data points");
  if (values.size() == 0 && format.column > 1 && parser.short_line_seen()) {
    throw InputError(name, 0, "no line has column " + std::to_string(format.column));
  }
  if (values.size() < min_points) {
    throw InputError(name, 0,
                     std::to_string(values.size()) + " data point" +
                         (values.size() == 1 ? "" : "s") + ", at least " +
                         std::to_string(min_points) + " are needed");
  }
  return values;
}

}  // namespace timeit
