#pragma once

#include <optional>
#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// Whether a set's runs trend with their order, which no comparison of
/// means can see: the Mann-Kendall test (stats::MannKendall) on real and
/// on the counted metrics among `metrics`, in run order, per set. One line
/// for all that trend with p < 0.01, or nothing:
///   "b.real rises over the series (p = 0.003): thermal or page-cache drift?"
std::optional<std::string> DriftWarning(const CompareInput& in,
                                        const std::vector<std::string>& metrics);

}  // namespace timeit
