#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "wrapper/run/run_options.h"

namespace timeit {

/// Before the first run of a series with --baseline or --config: fails early
/// (UsageError, InputError) when the comparison at the end could not be
/// made — results on stdout, an unreadable or malformed baseline — rather
/// than after an hour of builds; and --compare-metrics that this series
/// (`metric_columns`, its sources' columns) or the baseline does not record.
void CheckSeriesComparison(const RunOptions& options, const std::string& csv_path,
                           const std::vector<std::string>& metric_columns);

/// After a successful series with --baseline (baseline file against the
/// results) or --config (the configurations in the results file): the
/// comparison, as `timeit compare` prints it, to `out`. Nothing otherwise.
/// Returns the exit status: 1 when --fail-on names a verdict it gave, else 0.
int PrintSeriesComparison(const RunOptions& options, const std::string& csv_path, std::FILE* out);

}  // namespace timeit
