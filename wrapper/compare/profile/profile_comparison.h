#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "stats/mean_difference.h"
#include "wrapper/compare/profile/profile_sets.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/judge.h"

namespace timeit {

/// One function of a set against the baseline, in ms per run.
struct FunctionDifference {
  FunctionKey key;
  double mean_baseline_ms = 0, mean_ms = 0;
  double difference_ms = 0;              ///< mean_ms - mean_baseline_ms
  double ci_low_ms = 0, ci_high_ms = 0;  ///< the test's interval; NaN when undefined
  double p = 0;                          ///< the test's two-sided p; NaN when undefined
  double p_adjusted = 0;                 ///< Holm over the functions compared
  double share = 0;  ///< difference_ms over the metric's difference (NaN when that is 0)
  const char* verdict = "no difference";  ///< worse, better, no difference
};

/// "Where the difference is" for one set: every function met in it or the
/// baseline, largest |difference| first.
struct ProfileComparison {
  std::string baseline, set;
  std::string metric;                 ///< what the shares are of: user, sys, real, or user+sys
  std::size_t n_baseline = 0, n = 0;  ///< profiled runs
  std::size_t boots_baseline = 0, boots = 0;  ///< their distinct boots
  /// The test behind the intervals: the mixed model over boots when some
  /// function was judged by it (a set's profiled runs span boots), else
  /// Welch's (or Student's, by --test) t.
  stats::MeanTest test = stats::MeanTest::kWelch;
  std::size_t compared = 0;           ///< functions with a p-value (Holm's m)
  double metric_difference_ms = 0;    ///< mean(set) - mean(baseline) of the metric
  std::vector<FunctionDifference> functions;
};

/// What the section compares.
struct ProfileRule {
  /// -m's metrics: the first of real, user or sys names what the shares are
  /// of (user: user-mode functions only, sys: kernel ones); none of them:
  /// user+sys, every function.
  std::vector<std::string> metrics;
  double confidence_percent = 95;
  TestChoice test = TestChoice::kAuto;  ///< --test, as for the metrics
};

/// Compares each set's profile with the baseline's by the test the metric
/// verdicts use (JudgeSeries: Welch's t on the profiled runs, the mixed
/// model over boots where they span boots, or --test's), Holm-adjusting the
/// p-values over the functions compared; a function is worse or better when
/// its adjusted p is below 1 - confidence. Sets without a profile (or the
/// baseline without one) are left out; fewer than two profiled runs in a set
/// give no p-values.
std::vector<ProfileComparison> CompareProfiles(const CompareInput& in, const ProfileInput& profiles,
                                               const ProfileRule& rule);

/// The text section: its heading, then the `top` functions of each set with
/// the largest change (an aligned table, one line per function).
std::string FormatProfileSection(const std::vector<ProfileComparison>& comparisons, std::size_t top,
                                 double confidence_percent);

/// --profile-csv: every function's row (docs/csv-format.md).
std::string FormatProfileCsv(const std::vector<ProfileComparison>& comparisons);

}  // namespace timeit
