#pragma once

#include <memory>
#include <string>
#include <vector>

#include "wrapper/measurement_source.h"

namespace timeit {

/// The perf-counter measurement source. `events` holds the user's -e words
/// (our metric names, libpfm4 event strings, raw rNNNN); empty means the
/// default set for the detected platform.
std::unique_ptr<MeasurementSource> MakeCounterSource(const std::vector<std::string>& events);

}  // namespace timeit
