#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// ResourceUsageSource's columns, in order: the three times first (seconds),
/// then wait4's counts. Readers of a results CSV ask results_columns.h
/// (IsTimeColumn, IsResourceUsageColumn), which reads them from here.
inline constexpr std::array<std::string_view, 10> kResourceUsageColumns = {
    "real", "user", "sys", "maxrss", "minflt", "majflt", "nvcsw", "nivcsw", "inblock", "oublock"};
inline constexpr std::size_t kTimeColumnCount = 3;  ///< real, user, sys

/// The first measurement source: wall time from the run loop and what
/// wait4 reports for the command's whole reaped tree (the command, every
/// descendant it waited for, and orphans timeit reaped as subreaper).
/// Columns: real, user, sys (seconds), maxrss (KiB, the largest single
/// process), minflt, majflt, nvcsw, nivcsw, inblock, oublock.
class ResourceUsageSource : public MeasurementSource {
 public:
  std::vector<std::string> Columns() const override;
  bool AttachesBeforeExec() const override { return false; }
  void Collect(const RunExit& exit, MetricValues& out) override;
};

}  // namespace timeit
