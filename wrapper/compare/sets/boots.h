#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "stats/mixed_design.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// The boot of each value of `series` (a metric of `set`): "id:BOOT_ID", or
/// "set:LABEL" for a run without a boot_id, so that a set whose rows carry
/// none is one boot of its own and two such sets are two boots.
std::vector<std::string> BootKeys(const CompareSet& set, const MetricSeries& series);

/// The host of each value ("" when the file has no host column).
std::vector<std::string> HostKeys(const CompareSet& set, const MetricSeries& series);

/// The number of distinct keys.
std::size_t CountDistinct(const std::vector<std::string>& keys);

/// The values of one metric of several sets as the mixed model takes them:
/// set 0 is the first, the levels are host/boot with `by_host`, else boot
/// alone. Boots with the same boot_id in two sets are one boot (both
/// configurations measured in it).
stats::MixedDesign BootDesign(const std::vector<const CompareSet*>& sets,
                              const std::vector<const MetricSeries*>& series, bool by_host);

}  // namespace timeit
