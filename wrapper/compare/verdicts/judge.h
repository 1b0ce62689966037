#pragma once

#include <cstddef>
#include <limits>

#include "stats/summary.h"
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

/// What the design behind a verdict was: its boots and hosts, and how the
/// variance split between them. A summary row is one of these, assigned
/// whole from the judgement (ComparisonRow).
struct SeriesDesign {
  std::size_t boots_baseline = 1, boots = 1;  ///< distinct boots of the values (BootKeys)
  std::size_t hosts = 1;  ///< distinct hosts the model took as a level (1: none)
  /// The values span hosts, but each host ran one set only: the host cannot
  /// be told apart from the set, so it is no level of the model.
  bool hosts_confounded = false;
  /// The mixed model's share of one value's variance between boots (within
  /// a host), between hosts and within boots (between runs): VarCorr's
  /// variance components over their sum, so the three add up to 1. NaN
  /// when the model was not fitted or has no variance; host_share also
  /// when the hosts are no level (one host).
  double boot_share = std::numeric_limits<double>::quiet_NaN();
  double host_share = std::numeric_limits<double>::quiet_NaN();
  double run_share = std::numeric_limits<double>::quiet_NaN();
};

/// A verdict on one metric of a set against the baseline, and what the
/// design behind it was.
struct SeriesJudgement : SeriesDesign {
  stats::Judgement judgement;
};

/// Judges `x` (values of a metric of set `x_set`) against `base`: Student's
/// or Welch's t on the values as `options.test` says, or, by default, the
/// mixed model over the boots (and hosts) when either set's values come from
/// two or more boots, or the pair spans hosts. Hosts are a level when every
/// value names one and some host ran both sets or a set ran on several.
SeriesJudgement JudgeSeries(const CompareSet& base_set, const MetricSeries& base,
                            const CompareSet& x_set, const MetricSeries& x,
                            const JudgeOptions& options);
/// The same with the values' summaries (SummarizeUnordered of each) given,
/// where the caller has them already: each set's summary is taken once.
SeriesJudgement JudgeSeries(const CompareSet& base_set, const MetricSeries& base,
                            const stats::Summary& base_summary, const CompareSet& x_set,
                            const MetricSeries& x, const stats::Summary& x_summary,
                            const JudgeOptions& options);

}  // namespace timeit
