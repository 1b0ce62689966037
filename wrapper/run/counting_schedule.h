#pragma once

#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// Counting runs a series makes when --counting-runs is not given: counts
/// like syscalls are nearly the same in every run, so a few runs give their
/// mean and, with more than two, a spread for ministat's blocks and a
/// Welch test with at least two degrees of freedom; the times, whose noise
/// is the reason for -n, keep all of the -n runs.
inline constexpr int kDefaultCountingRuns = 3;

/// The counting runs of a series of `runs` measured (timing) runs when
/// --counting-runs asked for `wanted`: at most one per timing run.
int CountingRunsOf(int runs, int wanted);

/// The role of the measured run at `position` (0 the first after the
/// warm-ups) of a series with `counting` counting runs: they alternate with
/// the first timing runs, a timing run first (T C T C T C T T ...), so that
/// a series cut short (a signal, --target-ci, a boot that ends) holds its
/// counts as early as it can, each beside a timing run's conditions.
RunRole RoleAt(int position, int counting);

/// The -n runs a series whose rows hold `timing` timing runs and
/// `counting` counting runs, of `expected_counting`, has done: its timing
/// runs, but fewer than `runs` while a counting run is missing (a series of
/// K = N interrupted in its last counting run is not complete).
int CompleteTimingRuns(int timing, int counting, int runs, int expected_counting);

}  // namespace timeit
