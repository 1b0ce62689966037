#pragma once

#include <memory>
#include <vector>

#include "wrapper/run/run_options.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The measurement sources of a series, in column order: resource usage
/// first, then (when the counters work lands) the counter source made from
/// options.events unless options.no_counters. The only place sources are
/// chosen, so the run loop never changes when one is added.
std::vector<std::unique_ptr<MeasurementSource>> BuildSources(const RunOptions& options);

}  // namespace timeit
