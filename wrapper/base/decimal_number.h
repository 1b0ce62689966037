#pragma once

#include <charconv>

namespace timeit {

/// std::from_chars for doubles (general format), with a fast path for the
/// plain decimals that measurement files are made of ("-12.375"). The engine
/// under every double timeit reads (ParseFinite, ParseCellNumber, the
/// ministat reader); not a contract of its own.
///
/// A decimal of at most 19 digits whose digits form an integer m <= 2^53,
/// with k <= 22 digits after the point, is exactly m / 10^k: both are exact
/// doubles and IEEE division rounds correctly, so the result is the same
/// double strtod and from_chars produce (Clinger's fast path). Everything
/// else (exponents, longer mantissas, "inf") goes to std::from_chars.
/// Same contract as std::from_chars: no leading '+' or white space.
std::from_chars_result FromCharsDouble(const char* first, const char* last, double& value);

}  // namespace timeit
