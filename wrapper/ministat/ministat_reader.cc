#include "wrapper/ministat/ministat_reader.h"

#include <unistd.h>

#include <array>
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

namespace timeit {
namespace {

constexpr std::size_t kBlockSize = std::size_t{1} << 20;
/// Longest piece of a bad field quoted back in an error message.
constexpr std::size_t kQuoteLimit = 40;

/// One bit per byte value: is it a delimiter / C-locale white space.
using ByteSet = std::array<bool, 256>;

ByteSet MakeByteSet(std::string_view bytes) {
  ByteSet set{};
  for (char c : bytes) set[static_cast<unsigned char>(c)] = true;
  return set;
}

/// Turns lines into values; remembers what the end-of-input checks need.
class LineParser {
 public:
  LineParser(const std::string& name, const ColumnFormat& format, ValueBuffer& values,
             std::vector<long>* lines)
      : name_(name),
        column_(format.column),
        delimiters_(MakeByteSet(format.delimiters)),
        space_(MakeByteSet(" \t\n\v\f\r")),
        values_(values),
        lines_(lines) {}

  void Parse(const char* begin, const char* end) {
    ++line_;
    while (end > begin && In(space_, end[-1])) --end;
    const char* p = begin;
    if (column_ == 1) {
      // The common case in one pass: a number that ends at a delimiter or
      // at the end of the line is the whole first field. Anything else
      // (comments, odd syntax, errors) takes the general path below.
      while (p < end && In(delimiters_, *p)) ++p;
      if (p == end || *p == '#') return;
      double v = 0;
      const auto [stop, ec] = FromCharsDouble(p, end, v);
      if (ec == std::errc() && (stop == end || In(delimiters_, *stop)) && std::isfinite(v)) {
        Append(v);
        return;
      }
    }
    for (int field = 1;; ++field) {
      while (p < end && In(delimiters_, *p)) ++p;
      if (p == end) {
        if (field > 1) short_line_seen_ = true;
        return;
      }
      if (*p == '#') return;
      const char* q = p;
      while (q < end && !In(delimiters_, *q)) ++q;
      if (field == column_) {
        Append(ToNumber(p, q));
        return;
      }
      p = q;
    }
  }

  long line() const { return line_; }
  bool short_line_seen() const { return short_line_seen_; }

 private:
  static bool In(const ByteSet& set, char c) { return set[static_cast<unsigned char>(c)]; }

  void Append(double v) {
    values_.Append(v);
    if (lines_ != nullptr) lines_->push_back(line_);
  }

  double ToNumber(const char* begin, const char* end) const {
    const std::optional<double> v =
        MinistatNumber(std::string_view(begin, static_cast<std::size_t>(end - begin)));
    if (!v) Fail(begin, end, "is not a number");
    if (!std::isfinite(*v)) Fail(begin, end, "is not a finite number");
    return *v;
  }

  [[noreturn]] void Fail(const char* begin, const char* end, const char* why) const {
    std::string field(begin, std::min(end, begin + kQuoteLimit));
    if (static_cast<std::size_t>(end - begin) > kQuoteLimit) field += "...";
    throw InputError(name_, line_, "'" + field + "' " + why);
  }

  const std::string& name_;
  const int column_;
  const ByteSet delimiters_;
  const ByteSet space_;
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
