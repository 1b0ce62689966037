#pragma once

#include <string>
#include <vector>

#include "wrapper/sources/measurement_source.h"

namespace timeit {

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
