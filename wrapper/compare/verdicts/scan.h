#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// A parameter scan among the sets: every label NAME=VALUE with one NAME
/// (the run mode's --parameter-scan and --parameter-list label so). Each
/// metric's mean and the interval of that mean (Student's t, as --target-ci
/// and the HTML's vitals) at each value, in the sets' order.
struct ScanTable {
  std::string parameter;            ///< the parameters' names, comma-separated: "n", "a,b"
  std::vector<std::string> values;  ///< per set: its value, or its values comma-separated
  /// Per parameter its name; per set each parameter's value (several
  /// parameters: a set per combination, labelled a=1,b=x).
  std::vector<std::string> parameters;
  std::vector<std::vector<std::string>> settings;
  std::vector<std::string> metrics;      ///< with their units: "real (s)"
  std::vector<std::string> metric_keys;  ///< as the sets name them: "real"
  /// cells[value][metric]: the mean and the interval's half-width as a
  /// person reads them ("0.01235", "0.00041"); "-" without values there, the
  /// half-width "-" of a single value.
  struct Cell {
    std::string mean, margin;
    /// The same as numbers, for the HTML's chart: NaN where the text is "-".
    double mean_value = std::numeric_limits<double>::quiet_NaN();
    double half_width = std::numeric_limits<double>::quiet_NaN();
  };
  std::vector<std::vector<Cell>> cells;
  double confidence_percent = 95;
};

/// The scan of `in`'s sets over `metrics` (those whose values are not the
/// same in every run of every set); nullopt when the sets are no scan.
std::optional<ScanTable> FindScan(const CompareInput& in, const std::vector<std::string>& metrics,
                                  double confidence_percent);

/// The metrics a scan's table shows: `chosen` (compare's -m) when given,
/// else the times and the counters (no cgroup or pressure column, which
/// repeat the times or are in the blocks).
std::vector<std::string> ScanMetrics(const CompareInput& in,
                                     const std::vector<std::string>& chosen);

}  // namespace timeit
