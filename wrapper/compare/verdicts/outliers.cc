#include "wrapper/compare/verdicts/outliers.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "stats/outliers.h"
#include "wrapper/compare/verdicts/judge.h"

namespace timeit {
namespace {

/// A value as the file has it, to the digit: a count whole (199298514), a
/// time converted into seconds without the conversion's last-bit noise
/// (0.580997295, not 0.5809972950000001).
std::string ValueText(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:.10g}", v);
}

const CompareSet* SetOf(const CompareInput& in, const std::string& label) {
  for (const CompareSet& s : in.sets)
    if (s.label == label) return &s;
  return nullptr;
}

const MetricSeries* SeriesOf(const CompareSet* set, const std::string& metric) {
  if (set == nullptr) return nullptr;
  const auto it = set->metrics.find(metric);
  return it == set->metrics.end() ? nullptr : &it->second;
}

/// `series` without the outliers (values, and the runs they came from).
MetricSeries Without(const MetricSeries& series, const std::vector<stats::Outlier>& outliers) {
  MetricSeries kept;
  std::size_t next = 0;
  for (std::size_t i = 0; i < series.values.size(); ++i) {
    if (next < outliers.size() && outliers[next].index == i) {
      ++next;
      continue;
    }
    kept.values.push_back(series.values[i]);
    kept.run_index.push_back(series.run_index[i]);
  }
  return kept;
}

/// The choice that makes JudgeSeries run `test` again.
TestChoice ChoiceOf(stats::MeanTest test) {
  switch (test) {
    case stats::MeanTest::kStudent:
      return TestChoice::kStudent;
    case stats::MeanTest::kWelch:
      return TestChoice::kWelch;
    case stats::MeanTest::kMixedModel:
      return TestChoice::kAuto;
  }
  return TestChoice::kAuto;
}

/// Whether leaving out `set`'s outliers of `metric` changes a row's verdict,
/// judged by the test that decided it.
bool ChangesAVerdict(const CompareInput& in, const std::vector<ComparisonRow>& rows,
                     const CompareSet& set, const std::string& metric, const MetricSeries& kept,
                     double confidence) {
  for (const ComparisonRow& r : rows) {
    if (r.metric != metric || (r.baseline != set.label && r.set != set.label)) continue;
    const CompareSet* base_set = SetOf(in, r.baseline);
    const CompareSet* other_set = SetOf(in, r.set);
    const MetricSeries* base = SeriesOf(base_set, metric);
    const MetricSeries* other = SeriesOf(other_set, metric);
    if (base == nullptr || other == nullptr) continue;
    const bool is_base = r.baseline == set.label;
    if ((is_base ? other : base)->values.size() < 2 || kept.values.size() < 2) continue;
    const JudgeOptions options{confidence, r.threshold_percent, r.lower_is_better,
                               ChoiceOf(r.test)};
    const SeriesJudgement j = JudgeSeries(*base_set, is_base ? kept : *base, *other_set,
                                          is_base ? *other : kept, options);
    if (j.judgement.verdict != r.verdict) return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> OutlierWarnings(const CompareInput& in,
                                         const std::vector<ComparisonRow>& rows,
                                         double confidence_percent, bool verbose) {
  std::vector<std::string> metrics, warnings, details;
  for (const ComparisonRow& r : rows)
    if (std::find(metrics.begin(), metrics.end(), r.metric) == metrics.end())
      metrics.push_back(r.metric);
  for (const CompareSet& s : in.sets) {
    std::vector<std::string> changed;
    for (const std::string& metric : metrics) {
      const auto it = s.metrics.find(metric);
      if (it == s.metrics.end()) continue;
      const MetricSeries& series = it->second;
      const auto [low, high] = std::minmax_element(series.values.begin(), series.values.end());
      if (low == series.values.end() || *low == *high) continue;
      const std::vector<stats::Outlier> found = stats::FindOutliers(series.values);
      if (found.empty()) continue;
      // The outliers are the only variation (fifty 50s and a 53): the
      // set is constant but for them, which says nothing about noise.
      const MetricSeries kept = Without(series, found);
      const auto [kept_low, kept_high] =
          std::minmax_element(kept.values.begin(), kept.values.end());
      if (kept_low == kept.values.end() || *kept_low == *kept_high) continue;
      if (ChangesAVerdict(in, rows, s, metric, kept, confidence_percent)) changed.push_back(metric);
      if (!verbose) continue;
      std::vector<std::string> items;
      for (const stats::Outlier& o : found)
        items.push_back(fmt::format("{} at {} (z = {:.1f})", ValueText(o.value),
                                    s.run_where[series.run_index[o.index]], o.score));
      details.push_back(fmt::format("{}.{}: {} outlier{} by modified z-score > 3.5, kept: {}",
                                    s.label, metric, found.size(), found.size() == 1 ? "" : "s",
                                    fmt::join(items, ", ")));
    }
    if (!changed.empty())
      warnings.push_back(fmt::format(
          "{}: outlying runs (kept) decide the verdict of {}: without them it differs{}", s.label,
          fmt::join(changed, ", "), verbose ? "" : " (-v names the runs)"));
  }
  warnings.insert(warnings.end(), details.begin(), details.end());
  return warnings;
}

}  // namespace timeit
