#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/compare_options.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// The metrics a comparison reports, chosen once for every report.
struct MetricChoice {
  /// The groups compared, in report order: each metric with those whose
  /// values are the same as its own in every run of every set, shown once
  /// under both names ("page-faults=minflt"; GroupIdenticalMetrics).
  std::vector<std::vector<std::string>> groups;
  std::vector<std::string> metrics;    ///< the groups' metrics, flattened
  std::vector<std::string> with_data;  ///< every metric with a value (the JSON export)
  /// Metrics with values that the default leaves out (IsDetailColumn),
  /// reported with --all-metrics
  std::vector<std::string> left_out;
};

/// -m's metrics, each checked to exist (UsageError naming the files and the
/// metrics there are); without -m, every metric with a value, by default
/// only the groups that hold a time, a counter or a metric timeit does not
/// know (IsDetailColumn), with --all-metrics all. Notes for -v go to `notes`.
MetricChoice ChooseMetrics(const CompareInput& in, const CompareOptions& options,
                           std::vector<std::string>& notes);

/// One warning naming the metrics that have values in some sets and not in
/// others ("syscalls, task-clock: only in a; maxrss: not in c"), which each
/// set without them is compared without; nullopt when there are none.
std::optional<std::string> PartialMetricsWarning(const CompareInput& in,
                                                 const std::vector<std::string>& metrics);

/// Where each of `metrics` has too few values to be compared, for the
/// message that nothing can be: "syscalls: only in b". Empty when every one
/// is in every set.
std::string WherePresent(const CompareInput& in, const std::vector<std::string>& metrics);

}  // namespace timeit
