#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// What a user must know before trusting the comparison of `metrics`, one
/// line each, in this order: sets with fewer than 3 measured runs; failed
/// runs left out; sets measured on different CPU models or platforms (from
/// the metadata columns); a counter multiplexed (scaled) or not counted in
/// some sets but not in others; a counter counted in user mode only
/// (`cycles:u`) in some sets and with the kernel in others. Nothing is ever
/// dropped because of a warning (outliers and drift: verdicts/outliers.h,
/// verdicts/drift.h).
std::vector<std::string> CompareWarnings(const CompareInput& in,
                                         const std::vector<std::string>& metrics);

}  // namespace timeit
