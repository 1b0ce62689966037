#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "platforms/conditions.h"

namespace timeit {

/// How `timeit check` judges one line: `ok`, `info` (worth knowing, nothing
/// to fix), or `warn` (may add noise or break counting; the text says the
/// fix).
enum class CheckLevel { kOk, kInfo, kWarn };

struct CheckLine {
  CheckLevel level = CheckLevel::kInfo;
  std::string name;  ///< the condition's column name, or a counter check's name
  std::string text;  ///< the value, why it matters, and the fix for a warning
};

/// One line per condition, in column order. Warnings: a governor other than
/// performance, boost on, the NMI watchdog on, a 1-minute load of 1 or more.
/// The rest is ok or info (SMT, ASLR, THP, mitigations and the like are
/// choices to keep equal between compared series, not faults).
std::vector<CheckLine> CheckConditions(const platforms::Conditions& c);

/// The names of the warning lines.
std::vector<std::string> WarningNames(const std::vector<CheckLine>& lines);

/// "warn  governor             powersave: ...", as `timeit check` prints it.
std::string FormatCheckLine(const CheckLine& line);

std::string_view LevelName(CheckLevel level);

}  // namespace timeit
