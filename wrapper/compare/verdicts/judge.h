#pragma once

#include <cstddef>

#include "stats/verdict.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// Which test decides the verdicts (--test).
enum class TestChoice {
  kAuto,     ///< the mixed model when a set's runs span boots (or hosts), else Welch's t
  kWelch,    ///< Welch's t on the runs, boots or not
  kStudent,  ///< ministat's pooled t on the runs: the verdict ministat would give
};

struct JudgeOptions {
  double confidence_percent = 95;
  double threshold_percent = 1;
  bool lower_is_better = true;
  TestChoice test = TestChoice::kAuto;
};

/// A verdict on one metric of a set against the baseline, and what the
/// design behind it was.
struct SeriesJudgement {
  stats::Judgement judgement;
  std::size_t boots_baseline = 0, boots = 0;  ///< distinct boots of the values (BootKeys)
  std::size_t hosts = 1;  ///< distinct hosts the model took as a level (1: none)
  /// The values span hosts, but each host ran one set only: the host cannot
  /// be told apart from the set, so it is no level of the model.
  bool hosts_confounded = false;
  /// The mixed model's share of one value's variance between boots (and
  /// between hosts); NaN when the model was not fitted or has no variance.
  double boot_share = 0, host_share = 0;
};

/// Judges `x` (values of a metric of set `x_set`) against `base`: Student's
/// or Welch's t on the values as `options.test` says, or, by default, the
/// mixed model over the boots (and hosts) when either set's values come from
/// two or more boots, or the pair spans hosts. Hosts are a level when every
/// value names one and some host ran both sets or a set ran on several.
SeriesJudgement JudgeSeries(const CompareSet& base_set, const MetricSeries& base,
                            const CompareSet& x_set, const MetricSeries& x,
                            const JudgeOptions& options);

}  // namespace timeit
