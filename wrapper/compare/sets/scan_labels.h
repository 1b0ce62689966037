#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace timeit {

/// The most values a parameter scan may have, in the run mode and in
/// compare. ministat's 7 plot symbols bound every other comparison; a scan
/// is read as its table (one row per value), whose length is bounded only by
/// what a person reads down a terminal and what a series runs in a round.
inline constexpr std::size_t kMaxScanValues = 64;

/// A label's parameters and their values: "NAME=VALUE" (the run mode's
/// --parameter-scan and --parameter-list label so), or "a=1,b=x" with
/// several parameters (each part NAME=VALUE, NAME of letters, digits, '_'
/// and '-'; else the label is one NAME=VALUE whose value holds the comma).
/// Empty when the label is not so.
std::vector<std::pair<std::string, std::string>> ScanSettingsOf(const std::string& label);

/// The parameters' names of a label (ScanSettingsOf), comma-separated:
/// "NAME", or "a,b"; "" when the label is no scan's.
std::string ScanParameterOf(const std::string& label);

/// Whether `labels` are two or more, each NAME=VALUE with one NAME (or
/// each a=1,b=x with the same names in the same order).
bool IsScan(const std::vector<std::string>& labels);

}  // namespace timeit
