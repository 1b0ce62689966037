#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace timeit {

/// The most values a parameter scan may have, in the run mode and in
/// compare. ministat's 7 plot symbols bound every other comparison; a scan
/// is read as its table (one row per value), whose length is bounded only by
/// what a person reads down a terminal and what a series runs in a round.
inline constexpr std::size_t kMaxScanValues = 64;

/// NAME of a label "NAME=VALUE" (the run mode's --parameter-scan and
/// --parameter-list label so), or "" when the label is not so.
std::string ScanParameterOf(const std::string& label);

/// Whether `labels` are two or more, each NAME=VALUE with one NAME.
bool IsScan(const std::vector<std::string>& labels);

}  // namespace timeit
