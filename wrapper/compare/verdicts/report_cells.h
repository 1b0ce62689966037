#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stats/mean_interval.h"
#include "stats/summary.h"
#include "wrapper/base/p_value_text.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/comparison_rows.h"

namespace timeit {

/// One summary row's cells, formatted once for every report: the text
/// summary, --csv and --html all format from these, so a row reads the same
/// wherever it is shown. Text for a person never uses e-notation: means as
/// SiNumber (65.88M, 0.01235), percentages as ReadablePercent (-3.76,
/// +0.000333), p-values rounded to 4 decimals or "<0.0001" (never "0").
struct RowCells {
  ComparisonRow row;               ///< the numbers in full precision (--csv, data-value)
  std::vector<std::string> names;  ///< the metric, then those with the same values (--csv)
  std::string metric;  ///< RowMetricNameWithUnit: "task-clock (s)", "page-faults=minflt"
  std::string unit;    ///< the unit of the means: "s", "KiB"; empty for a count
  std::string better;  ///< "lower" or "higher"
  std::string mean_baseline, mean;
  /// The relative difference, "-3.76%" (to the decimals of `low` and `high`
  /// when they are given, "+203.7%"); of a baseline mean of 0, of which no
  /// percentage is a number, or of one not told from 0, the difference in
  /// the values' unit: "+2", "+0.5 s".
  std::string estimate;
  /// Its interval's half-width, "0.645%", when its two sides agree as
  /// printed; empty when they do not, or it is exact or undefined.
  std::string margin;
  /// The interval's ends, "+180%" and "+247%", when its sides differ as
  /// printed (the interval of a ratio is not symmetric); empty otherwise.
  std::string low, high;
  bool exact = false;  ///< no variance in either set: the difference is exact
  std::string from;    ///< " (from 0)" after a difference in the values' unit
  std::string student_p, welch_p, mann_whitney_p;  ///< "0.0312", "<0.0001"; "-" when undefined
  std::string test;   ///< the test that decided: "Welch's t", "mixed model"
  std::string p;      ///< its p-value, as the others
  std::string boots;  ///< "3/5": the baseline's boots, the set's
  std::string hosts;  ///< the hosts the model took as a level, "3"; "-" without
  /// VarianceText: the mixed model's shares, "host 83% · boot 13% · run 4%".
  std::string variance;
  std::string verdict;  ///< VerdictText: "same within 1%"

  /// "-3.76% +/- 0.645%", "+212% (+180% .. +247%)", "+0.000333% exact",
  /// "+2%" (no interval) or "+2 +/- 1.6 (from 0)", with `plus_minus`
  /// between estimate and margin.
  std::string Difference(std::string_view plus_minus) const;
};

/// Where the mixed model puts one value's variance, in whole percents that
/// add up to 100 as the shares do (largest remainders): "host 83% · boot 13%
/// · run 4%" over hosts, "boot 83% · run 17%" over one host's boots (no host
/// share, rather than 0%); "-" without the model.
std::string VarianceText(const SeriesDesign& design);

/// The unit the times are shown in (--time-unit): seconds, or their
/// thousandth or millionth, for metrics whose display unit is seconds.
struct TimeUnit {
  std::string name = "s";
  double per_second = 1;
};
/// "s", "ms" or "us" (ParseTimeUnit's); seconds for any other.
TimeUnit TimeUnitNamed(const std::string& name);

/// The cells of `rows`, the times' means and differences in `time_unit`.
std::vector<RowCells> FormatRowCells(const std::vector<ComparisonRow>& rows,
                                     const TimeUnit& time_unit = {});

/// What the summary's heading names: the tests behind `rows` in order of
/// first use, "Welch's t", "mixed model over boots" (over hosts and boots
/// when a row spans hosts), "Student's t", joined with " and ".
std::string TestsHeading(const std::vector<ComparisonRow>& rows);

/// Whether some row's sets span two or more boots (or hosts).
bool AnyAcrossBoots(const std::vector<ComparisonRow>& rows);

/// One line when no set of `rows` spans boots and their boots differ (two
/// kernels, a boot each): the intervals hold run-to-run noise only. Empty
/// otherwise, also when the sets share their boot or carry no boot_id.
std::string OneBootNote(const CompareInput& in, const std::vector<ComparisonRow>& rows);

/// How the verdicts were reached, as every report's summary says it:
/// "Welch's t at 95% confidence; changes within 1% do not count" (or
/// "no threshold" with --threshold 0); `tests` is TestsHeading's.
std::string VerdictTerms(const std::string& tests, double confidence_percent,
                         double threshold_percent);

/// One set's measured values of one metric, summarized with the interval of
/// their mean: the HTML's vitals and strip plot and the JSON's entries read
/// these. The text (SiNumber, "-" when undefined) is what a person sees.
struct SetCells {
  stats::Summary summary;
  stats::MeanInterval interval;  ///< Student's t at the report's confidence
  std::string n, min, median, mean, margin, max, stddev;
};

/// The summary of `set`'s measured values of `metric` (the JSON's numbers);
/// nullopt when it has none.
std::optional<stats::Summary> SetSummary(const CompareSet& set, const std::string& metric);

/// nullopt when `set` has no values of `metric`.
std::optional<SetCells> FormatSetCells(const CompareSet& set, const std::string& metric,
                                       double confidence_percent);

}  // namespace timeit
