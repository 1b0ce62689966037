#pragma once

#include <map>
#include <string>
#include <vector>

namespace timeit::testing {

/// The rows of `timeit compare --csv -`'s summary, by column name, read
/// with a CSV reader of the test's own (quoted fields, doubled quotes).
std::vector<std::map<std::string, std::string>> SummaryRows(const std::string& csv);

/// The summary row of `metric` for `set`; fails the test and returns an
/// empty row when there is none.
std::map<std::string, std::string> SummaryRow(const std::string& csv, const std::string& metric,
                                              const std::string& set);

/// `text` split into lines, without their line ends.
std::vector<std::string> TextLines(const std::string& text);

/// The ministat block that starts with the legend line `x FIRST_LEGEND`,
/// up to the blank line after it; empty when there is none.
std::string MinistatBlock(const std::string& report, const std::string& first_legend);

/// Expects `ours` to be Debian's ministat's block `theirs` line for line,
/// but for ministat's relative line after "+/-" (its delta-method margin is
/// current ministat's, not Debian's 2015 code).
void ExpectSameMinistatBlock(const std::string& ours, const std::string& theirs);

}  // namespace timeit::testing
