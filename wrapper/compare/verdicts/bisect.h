#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/comparison_rows.h"

namespace timeit {

/// What --bisect makes of a comparison: `git bisect run`'s exit status
/// and the one line that says why.
struct BisectAnswer {
  int status = 0;  ///< kExitBisectGood, kExitBisectBad or kExitBisectSkip
  std::string line;
};

/// Judges the summary's `rows` (every set against the baseline, in.sets[0])
/// for `git bisect run`, in this order:
/// - skip (125) when a set differs from the baseline in a condition of the
///   setup (ConditionDifferences; not load1, a measurement, nor the kernel
///   release, which may be what is being bisected): its verdicts mean little;
/// - bad (1) when a gated metric is worse;
/// - skip (125) when one is inconclusive and its interval still reaches a
///   change for the worse beyond the threshold (more runs would tell), or a
///   gated metric has no verdict for a set (fewer than two values);
/// - good (0) otherwise: same, better, below the threshold, constant, no
///   difference with the threshold off, or inconclusive only in how much
///   better it may be.
/// The gated metrics are `gated` (-m), or every row's when it is empty.
BisectAnswer JudgeForBisect(const CompareInput& in, const std::vector<ComparisonRow>& rows,
                            const std::vector<std::string>& gated);

}  // namespace timeit
