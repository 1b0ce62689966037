#pragma once

#include <memory>
#include <vector>

#include "wrapper/run/run_options.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The measurement sources of a series, in column order: resource usage
/// first, then the counter source made from options.events unless
/// options.no_counters, then the --metric source. The only place sources
/// are chosen, so the run loop never changes when one is added. Throws
/// UsageError for a bad --metric and for a column name given twice.
std::vector<std::unique_ptr<MeasurementSource>> BuildSources(const RunOptions& options);

}  // namespace timeit
