#include "wrapper/run/sources.h"

#include "wrapper/sources/counter_source.h"
#include "wrapper/sources/resource_usage_source.h"

namespace timeit {

std::vector<std::unique_ptr<MeasurementSource>> BuildSources(const RunOptions& options) {
  std::vector<std::unique_ptr<MeasurementSource>> sources;
  sources.push_back(std::make_unique<ResourceUsageSource>());
  if (!options.no_counters) sources.push_back(MakeCounterSource(options.events));
  return sources;
}

}  // namespace timeit
