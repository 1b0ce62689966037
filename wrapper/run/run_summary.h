#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The end-of-series summary: for every metric, ministat's vitals (N, Min,
/// Max, Median, Avg, Stddev) of the measured runs, warm-up runs left out.
/// Values are kept per metric as the runs come (capacity reserved up front).
class RunSummary {
 public:
  /// Without `all_metrics`, the detail columns (IsDetailColumn: the
  /// resource usage beyond the times, the cgroup's files) are left out of
  /// the table, as compare leaves them out, and one line says so.
  RunSummary(std::vector<std::string> metric_columns, int expected_runs, bool all_metrics);

  void Add(const MetricValues& values);
  /// One header line, then one row per metric that has values, named at
  /// the end of the row; nothing when no run was measured.
  void Print(std::FILE* out) const;

 private:
  std::vector<std::string> columns_;
  std::vector<std::vector<double>> values_;
  bool all_metrics_ = false;
};

}  // namespace timeit
