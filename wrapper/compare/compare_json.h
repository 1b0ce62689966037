#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/compare_sets.h"

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
/// where the run has no value (a counter that was not counted);
/// `higher_is_better`, in a set that has such metrics, names them, so that
/// `timeit compare` reads the export back to the same verdicts.
std::string FormatHyperfineJson(const CompareInput& in, const std::vector<std::string>& metrics);

/// `text` as a JSON string literal, quotes included.
std::string JsonString(std::string_view text);

}  // namespace timeit
