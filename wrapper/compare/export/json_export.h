#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/comparison_rows.h"

namespace timeit {

/// `timeit compare --json FILE`: hyperfine's `--export-json` format, so that
/// the scripts and dashboards written for hyperfine read timeit's sets.
///
///     {"results": [{"command": LABEL, "mean": ..., "stddev": ..., "median": ...,
///                   "user": ..., "system": ..., "min": ..., "max": ...,
///                   "times": [...], "exit_codes": [...],
///                   "metrics": {"real": [...], "cycles": [...], ...},
///                   "higher_is_better": [...]}, ...]}
///
/// One entry per set, in the sets' order. Times are in seconds: the wall
/// time statistics and `times` come from the `real` column, `user` and
/// `system` are the means of `user` and `sys`, over the measured runs
/// compare uses (warm-up and failed runs are left out, so every exit code is
/// 0). `stddev` is null below two runs, as in hyperfine. `metrics` holds,
/// for each of `metrics`, one value per measured run in file order, null
/// where the run has no value (a counter that was not counted), and
/// `boot_ids` each run's boot (null without one); `higher_is_better`, in a
/// set that has such metrics, names them, so that `timeit compare` reads the
/// export back to the same verdicts.
///
/// After `results`, `comparison` holds the summary's rows (hyperfine's
/// readers ignore the key): per metric and set against the baseline, the
/// test that decided, its estimate and interval in % of the baseline mean,
/// its p and degrees of freedom, the boots of each side, the share of the
/// variance between boots (null without the mixed model) and the verdict.
std::string FormatHyperfineJson(const CompareInput& in, const std::vector<std::string>& metrics,
                                const std::vector<ComparisonRow>& rows = {});

/// `text` as a JSON string literal, quotes included.
std::string JsonString(std::string_view text);

}  // namespace timeit
