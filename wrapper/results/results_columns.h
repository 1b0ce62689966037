#pragma once

#include <array>
#include <string_view>

namespace timeit {

/// The columns of a results CSV (docs/csv-format.md): these run columns, then
/// one column per metric of the series' measurement sources, then these
/// series columns. Everything here is not a metric; everything between is.
inline constexpr std::array<std::string_view, 5> kRunColumns = {"label", "run", "warmup", "start",
                                                                "status"};
inline constexpr std::array<std::string_view, 8> kSeriesColumns = {
    "notes",     "host",     "kernel_release", "kernel_version",
    "cpu_model", "platform", "timeit_version", "command"};

/// A series column after `command`, only in series with metrics that are
/// better when higher (`--metric NAME=REGEX,higher`): their names, separated
/// by spaces. compare reads each metric's direction from it.
inline constexpr std::string_view kHigherIsBetterColumn = "higher_is_better";

/// True for the run and series columns above: compare skips them as metrics.
constexpr bool IsNonMetricColumn(std::string_view name) {
  if (name == kHigherIsBetterColumn) return true;
  for (std::string_view c : kRunColumns)
    if (c == name) return true;
  for (std::string_view c : kSeriesColumns)
    if (c == name) return true;
  return false;
}

}  // namespace timeit
