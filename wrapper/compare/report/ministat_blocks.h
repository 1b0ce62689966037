#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "stats/ministat_report.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// Appends to `out`, for each group (GroupIdenticalMetrics) in turn, the
/// ministat block of the sets that have values for it (legend
/// `x LABEL.METRIC (UNIT)`, `x LABEL.A=B` for a group; no unit for a count),
/// byte for byte what ministat prints for those values (in the unit shown:
/// task-clock's seconds), blocks separated by a blank line. Instead of a
/// block, one line: for a metric constant within every set (`syscalls:
/// constant: 300030 → 300031`), the same in every run of every set, or one
/// that cannot be compared (the baseline lacks it, a set has no values or a
/// single one). Which groups are reported is the caller's choice
/// (compare_metrics.h); the verdicts are JudgeRows', not the blocks'.
void WriteMetricBlocks(const CompareInput& in, const std::vector<std::vector<std::string>>& groups,
                       const stats::MinistatOptions& options, std::string& out);

/// How many times WriteMetricBlocks has run in this process: the ministat
/// text is built only where it is printed (not under -q or --bisect), which
/// a test checks by this count.
std::size_t MetricBlocksWritten();

}  // namespace timeit
