#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "platforms/trim.h"

namespace timeit {

/// The one Trim (blanks, tabs and line ends), which platforms/ needs too.
using platforms::Trim;

/// `text` in single quotes for a one-line message: at most 40 characters,
/// then "...", line breaks as spaces, so that a 10 MB field or a name with a
/// newline in it never becomes a 10 MB or two-line error.
std::string QuoteForMessage(std::string_view text);

/// The columns UTF-8 `text` takes in a terminal, as glibc's wcwidth counts
/// them under C.UTF-8 whatever the process's locale: 2 for a CJK character,
/// 0 for a combining mark, 1 otherwise (a byte that is no UTF-8 counts 1).
std::size_t TerminalColumns(std::string_view text);

/// The rows of `table` (each as many cells as the first) as aligned text,
/// two blanks between columns, in terminal columns (TerminalColumns): the
/// first `left_columns` cells of a row (names) left-aligned, the rest (numbers)
/// right-aligned, and the last one left-aligned too when `last_left` (a
/// verdict). Every row ends with a line break; no trailing blanks.
std::string AlignColumns(const std::vector<std::vector<std::string>>& table,
                         std::size_t left_columns, bool last_left = true);

/// `text` broken at blanks into lines of at most `width` columns, given that
/// it starts at column `column`; every line after the first starts with
/// `indent` blanks. A word longer than a line gets a line of its own. No
/// trailing line break.
std::string Wrap(std::string_view text, std::size_t column, std::size_t indent,
                 std::size_t width = 100);

}  // namespace timeit
