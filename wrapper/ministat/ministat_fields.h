#pragma once

#include <array>
#include <string_view>

namespace timeit {

struct ColumnFormat;

/// How ministat finds a line's data point, the one home of the rule for
/// `timeit ministat` and compare's plain numbers: trailing C-locale white
/// space is dropped, fields are split on any of the delimiter bytes with
/// runs counting as one (strtok(3)), and a field starting with '#' before the
/// wanted column ends the line as a comment.
class MinistatFields {
 public:
  explicit MinistatFields(const ColumnFormat& format);

  enum class Found {
    kField,    ///< `field` is the wanted column
    kBlank,    ///< no field at all: an empty or all-delimiter line
    kComment,  ///< a '#' field came first
    kShort,    ///< fields, but fewer than the column
  };
  struct Field {
    Found found;
    std::string_view field;
  };

  /// The wanted field of one line (without its newline).
  Field Of(std::string_view line) const;

  /// `line` without its trailing white space, as ministat drops it.
  std::string_view TrimEnd(std::string_view line) const;

  /// The first byte of `line` that is not a delimiter (the reader's fast path
  /// for column 1 starts there, Of's first field does too).
  std::size_t SkipDelimiters(std::string_view line, std::size_t from = 0) const;

  bool IsDelimiter(char c) const { return delimiters_[static_cast<unsigned char>(c)]; }
  int column() const { return column_; }

 private:
  /// One bit per byte value: is it a delimiter / C-locale white space.
  using ByteSet = std::array<bool, 256>;
  static ByteSet MakeByteSet(std::string_view bytes);

  int column_;
  ByteSet delimiters_;
  ByteSet space_;
};

}  // namespace timeit
