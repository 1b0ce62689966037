#pragma once

#include <charconv>
#include <concepts>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "platforms/whole_number.h"
#include "wrapper/base/errors.h"

namespace timeit {

// The ways timeit reads a number from text, one per contract; every number
// read from text (an option, a results CSV cell, a kernel file, a line of the
// command's output) goes through one of them.

/// A whole number: all of `text`, decimal digits with an optional '-', no
/// blanks, no '+', in T's range (platforms/whole_number.h, its one home).
using platforms::ParseWhole;

/// A finite double: all of `text` as std::from_chars reads it (no blanks, no
/// '+'), and finite ("inf", "nan" and "1e999" are not numbers one can
/// measure or compute with). False otherwise.
bool ParseFinite(std::string_view text, double& out);

/// A number as a person, a spreadsheet or a program writes it in a cell or a
/// line of output: blanks around it and a leading '+' allowed, then
/// ParseFinite's syntax; it may be infinite (the caller decides what an
/// "inf" cell means). nullopt for anything else ("1.2k", "3,400", "abc").
std::optional<double> ParseCellNumber(std::string_view text);

/// ParseCellNumber for text read from line `line` of `file`, which must be a
/// number (and finite, when `finite`); otherwise throws InputError
/// "FILE:LINE: WHAT: 'TEXT' is not a number" (or "is not a finite number").
double CellNumberIn(const std::string& file, long line, std::string_view what,
                    std::string_view text, bool finite = true);

/// The one wording of a bad value on the command line:
/// "OPTION: expected WANTED, got 'TEXT'".
UsageError BadValue(std::string_view option, std::string_view wanted, std::string_view text);

/// A whole number from `min` to `max` given to `option`, or BadValue with
/// `wanted` ("a positive integer").
template <std::integral T>
T WholeValue(std::string_view option, std::string_view text, T min, std::string_view wanted,
             T max = std::numeric_limits<T>::max()) {
  T v{};
  if (!ParseWhole(text, v) || v < min || v > max) throw BadValue(option, wanted, text);
  return v;
}

/// A finite number strictly between `low` and `high` given to `option`, or
/// BadValue with `wanted`.
double DoubleValue(std::string_view option, std::string_view text, double low,
                   std::string_view wanted, double high = std::numeric_limits<double>::infinity());

}  // namespace timeit
