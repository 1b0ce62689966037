#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "wrapper/results/metric_columns.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The first measurement source: wall time from the run loop and what
/// wait4 reports for the command's whole reaped tree (the command, every
/// descendant it waited for, and orphans timeit reaped as subreaper).
/// Columns (kResourceUsageColumns): real, user, sys (seconds), maxrss (KiB, the largest single
/// process), minflt, majflt, nvcsw, nivcsw, inblock, oublock. maxrss is the
/// command's own unless the run says otherwise (RunExit::maxrss_note): then
/// the user is told once, and the run's notes say it.
class ResourceUsageSource : public MeasurementSource {
 public:
  std::vector<std::string> Columns() const override;
  bool AttachesBeforeExec() const override { return false; }
  void Collect(const RunExit& exit, MetricValues& out) override;
  /// Once, the first run whose maxrss includes timeit's own memory.
  std::vector<std::string> TakeNotes() override;

 private:
  bool maxrss_noted_ = false;
  std::vector<std::string> notes_;
};

}  // namespace timeit
