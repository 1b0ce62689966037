#include "wrapper/compare/verdicts/comparison_rows.h"

#include <algorithm>

#include "stats/mann_whitney.h"
#include "stats/ministat_plot.h"
#include "stats/summary.h"
#include "wrapper/compare/sets/metric_groups.h"
#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/results/metric_units.h"
#include "stats/nan.h"

namespace timeit {
namespace {

/// A set's values of a metric with their summary. The summary reorders its
/// copy (SummarizeUnordered selects the median in place); the set keeps file
/// order for the outlier and drift warnings.
struct Summarized {
  const CompareSet* set = nullptr;
  const MetricSeries* series = nullptr;
  std::vector<double> values;
  stats::Summary summary;
};

Summarized Summarize(const CompareSet& set, const std::string& metric) {
  Summarized s{&set, FindSeries(set, metric), {}, {}};
  s.values = s.series->values;
  s.summary = stats::SummarizeUnordered(s.values);
  return s;
}

ComparisonRow MakeRow(const std::vector<std::string>& group, bool lower_is_better,
                      const Summarized& base, const Summarized& other, const RowOptions& options) {
  ComparisonRow row;
  row.metric = group.front();
  row.same_as.assign(group.begin() + 1, group.end());
  row.baseline = base.set->label;
  row.set = other.set->label;
  row.lower_is_better = lower_is_better;
  row.n_baseline = base.summary.n;
  row.n = other.summary.n;
  row.mean_baseline = base.summary.mean;
  row.mean = other.summary.mean;
  const double confidence = options.confidence_percent;
  const SeriesJudgement s =
      JudgeSeries(*base.set, *base.series, base.summary, *other.set, *other.series, other.summary,
                  {confidence, options.threshold_percent, lower_is_better, options.test});
  static_cast<SeriesDesign&>(row) = s;
  const stats::Judgement& j = s.judgement;
  row.threshold_percent = options.threshold_percent;
  row.verdict = j.verdict;
  row.constant = j.constant;
  row.test = j.difference.test;
  row.difference = j.difference.estimate;
  row.difference_low = j.difference.low;
  row.difference_high = j.difference.high;
  row.relative = {j.change_percent, j.low_percent, j.high_percent};
  if (j.constant) {
    row.p = row.df = row.student_p = row.welch_p = row.mann_whitney_p = kNaN;
    row.significant = other.summary.mean != base.summary.mean;
    return row;
  }
  row.p = j.difference.p;
  row.df = j.difference.df;
  row.student_p = j.student.p;
  // Welch's t is the judge's own test unless --test or the boots chose another.
  row.welch_p = j.difference.test == stats::MeanTest::kWelch
                    ? j.difference.p
                    : stats::WelchDifference(other.summary, base.summary, confidence).p;
  row.mann_whitney_p = options.rank_test ? stats::MannWhitneyU(other.values, base.values).p : kNaN;
  row.significant = j.student.significant;
  return row;
}

}  // namespace

std::vector<ComparisonRow> JudgeRows(const CompareInput& in,
                                     const std::vector<std::vector<std::string>>& groups,
                                     const RowOptions& options) {
  std::vector<ComparisonRow> rows;
  const bool plotted = in.sets.size() <= stats::kMaxDataSets;
  for (const std::vector<std::string>& group : groups) {
    const std::string& metric = group.front();
    const Participants p = SortSets(in, metric);
    if (!BaselineTakesPart(in, p) || OneValueEverywhere(p, metric)) continue;
    const Summarized base = Summarize(*p.taking_part.front(), metric);
    // A long scan's summary: its last value against its first (NoBlocksLine).
    for (std::size_t i = plotted ? 1 : p.taking_part.size() - 1; i < p.taking_part.size(); ++i)
      rows.push_back(MakeRow(group, LowerIsBetter(in, metric), base,
                             Summarize(*p.taking_part[i], metric), options));
  }
  return rows;
}

std::string RowMetricName(const ComparisonRow& row) {
  std::string name = row.metric;
  for (const std::string& m : row.same_as) name += "=" + m;
  return name;
}

std::string GroupNameWithUnit(const std::vector<std::string>& group) {
  const std::string_view unit = DisplayUnitOf(group.front()).unit;
  const bool one_unit = std::all_of(group.begin(), group.end(), [&](const std::string& m) {
    return DisplayUnitOf(m).unit == unit;
  });
  // Metrics of several units that happen to be equal (sys, nivcsw and
  // oublock all 0) each keep their own: "sys (s)=nivcsw=oublock".
  std::string name = one_unit ? group.front() : WithUnit(group.front());
  for (std::size_t i = 1; i < group.size(); ++i)
    name += "=" + (one_unit ? group[i] : WithUnit(group[i]));
  return one_unit && !unit.empty() ? name + " (" + std::string(unit) + ")" : name;
}

std::string RowMetricNameWithUnit(const ComparisonRow& row) {
  std::vector<std::string> group = {row.metric};
  group.insert(group.end(), row.same_as.begin(), row.same_as.end());
  return GroupNameWithUnit(group);
}

std::string VerdictText(const ComparisonRow& row) {
  if (row.verdict == stats::Verdict::kSame)
    return "same within " + ReadablePercent(row.threshold_percent, false) + "%";
  return stats::VerdictName(row.verdict);
}

}  // namespace timeit
