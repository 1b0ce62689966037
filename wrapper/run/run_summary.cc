#include "wrapper/run/run_summary.h"

#include <algorithm>

#include "stats/summary.h"
#include "stats/vitals.h"
#include "wrapper/results/metric_units.h"
#include "wrapper/results/results_columns.h"

namespace timeit {

RunSummary::RunSummary(std::vector<std::string> metric_columns, int expected_runs, bool all_metrics)
    : columns_(std::move(metric_columns)), values_(columns_.size()), all_metrics_(all_metrics) {
  for (auto& v : values_) v.reserve(static_cast<std::size_t>(expected_runs));
}

void RunSummary::Add(const MetricValues& values) {
  for (std::size_t i = 0; i < values_.size() && i < values.size(); ++i)
    if (values[i].has_value()) values_[i].push_back(*values[i]);
}

void RunSummary::Print(std::FILE* out) const {
  bool header = false;
  int left_out = 0;
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    // A counter's running fraction is bookkeeping for the CSV (multiplexing
    // is said as a note when it happens), not a result to summarise.
    if (values_[i].empty() || IsRunningColumn(columns_[i])) continue;
    if (!all_metrics_ && IsDetailColumn(columns_[i])) {
      ++left_out;
      continue;
    }
    if (!header) {
      std::fputs(stats::FormatVitalsHeader().c_str(), out);
      header = true;
    }
    // In the unit compare shows (task-clock in seconds), named with it.
    const double scale = DisplayUnitOf(columns_[i]).per_csv_unit;
    std::vector<double> sorted = values_[i];
    for (double& v : sorted) v *= scale;
    std::sort(sorted.begin(), sorted.end());
    std::string row = stats::FormatVitalsRow('x', stats::Summarize(sorted));
    row.pop_back();  // the newline: the metric's name follows
    std::fprintf(out, "%s  %s\n", row.c_str(), WithUnit(columns_[i]).c_str());
  }
  if (header && left_out > 0)
    std::fprintf(out,
                 "%d more metrics in the CSV (resource usage, the run's cgroup): --all-metrics "
                 "shows them\n",
                 left_out);
}

}  // namespace timeit
