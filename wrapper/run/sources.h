#pragma once

#include <memory>
#include <vector>

#include "wrapper/results/series_metadata.h"
#include "wrapper/run/run_options.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The measurement sources of a series, in column order: resource usage
/// first, then the counter source made from options.events unless
/// options.no_counters, then the --metric source. The only place sources
/// are chosen, so the run loop never changes when one is added. Throws
/// UsageError for a bad --metric and for a column name given twice.
std::vector<std::unique_ptr<MeasurementSource>> BuildSources(const RunOptions& options);

/// --profile: appends the profile source (it adds no column), writing to the
/// sidecar of `csv_path` (results/profile_csv.h) with the series' boot id.
/// Called before the results file is opened, so that a machine that cannot
/// sample or a sidecar of another layout stops the series before it starts
/// (UsageError, InputError); warnings about the sidecar go to stderr.
void AddProfileSource(const RunOptions& options, const std::string& csv_path,
                      const SeriesMetadata& metadata,
                      std::vector<std::unique_ptr<MeasurementSource>>& sources);

}  // namespace timeit
