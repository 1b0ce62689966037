#pragma once

#include <string>
#include <string_view>

namespace timeit {

/// `text` without leading and trailing blanks and tabs.
std::string_view Trim(std::string_view text);

/// `text` in single quotes for a one-line message: at most 40 characters,
/// then "...", line breaks as spaces, so that a 10 MB field or a name with a
/// newline in it never becomes a 10 MB or two-line error.
std::string QuoteForMessage(std::string_view text);

}  // namespace timeit
