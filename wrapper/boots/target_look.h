#pragma once

#include <string>
#include <vector>

#include "wrapper/boots/experiment_state.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// What the stopping rule reads at a look: each of `metrics`' interval of
/// the difference as `timeit compare` judges `in` by default (the first set
/// the baseline, 95%, the mixed model over the boots; the interval of its
/// summary's row), the wider side of the interval in % of the baseline's
/// mean, the widest over the sets compared with the baseline. 0 for an
/// exact difference (no variance, or one number everywhere); NaN where the
/// metric has no row or its row no percentage. Only widths: the verdicts
/// and their p-values are not read.
std::vector<MetricWidth> TargetWidths(const CompareInput& in,
                                      const std::vector<std::string>& metrics);

/// TargetWidths of the experiment's CSV, read as compare reads it. A CSV
/// that cannot be compared yet (one set, a refused file) gives NaN widths,
/// and the reason in `why`.
std::vector<MetricWidth> LookAtResults(const std::string& csv,
                                       const std::vector<std::string>& metrics, std::string& why);

}  // namespace timeit
