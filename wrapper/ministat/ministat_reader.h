#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wrapper/ministat/ministat_value_buffer.h"

namespace timeit {

/// ministat's minimum number of data points in a set.
inline constexpr std::size_t kMinistatMinPoints = 3;

/// Which number of a line is the data point, as ministat's -C and -d say.
struct ColumnFormat {
  int column = 1;                  ///< 1-based field number
  std::string delimiters = " \t";  ///< each byte separates fields; runs count as one
};

/// A field as ministat reads a number: all of it, as std::from_chars reads
/// it or else as strtod does ("+2", hex floats, "1e-999" as 0); nullopt when
/// it is not a number. It may be infinite (the reader refuses that).
std::optional<double> MinistatNumber(std::string_view field);

/// Reads one data set from `fd` the way ministat does: trailing white space
/// is dropped, fields are split on any of the delimiter bytes (strtok
/// rules), a field starting with '#' before the wanted column ends the line
/// as a comment, and lines without the column (blank ones included) are
/// skipped. The field must be a whole, finite number as strtod reads it
/// (FromCharsDouble on the fast path, strtod only for forms it does not
/// take, such as "+1" or "0x1p3").
///
/// Reads in 1 MiB blocks and stores nothing per line but the value, so a
/// set costs 8 bytes per point. Values keep the file's order.
///
/// Throws InputError naming `name` (and the line where there is one) for:
/// a read failure, an empty input, a field that is not a number or not
/// finite, a column that no line has, and fewer than `min_points` points
/// (ministat's 3: fewer make no plot or test worth printing; compare's 2).
/// With `lines`, the line of each value is appended to it.
ValueBuffer ReadDataSet(int fd, const std::string& name, const ColumnFormat& format,
                        std::size_t min_points = kMinistatMinPoints,
                        std::vector<long>* lines = nullptr);

}  // namespace timeit
