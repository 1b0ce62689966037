#include "wrapper/compare/profile/profile_comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "stats/holm.h"
#include "stats/mean_difference.h"
#include "stats/nan.h"
#include "stats/summary.h"
#include "wrapper/base/csv_text.h"
#include "wrapper/base/p_value_text.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/verdicts/judge.h"
#include "wrapper/compare/verdicts/readable_numbers.h"

namespace timeit {
namespace {

using stats::kNaN;

std::string ShareMetric(const std::vector<std::string>& metrics) {
  for (const std::string& m : metrics)
    if (m == "real" || m == "user" || m == "sys") return m;
  return "user+sys";
}

/// The mean of `metric` over the set's measured runs, in ms; NaN without it.
double MeanMs(const CompareSet& set, const std::string& metric) {
  if (metric == "user+sys") return MeanMs(set, "user") + MeanMs(set, "sys");
  const auto it = set.metrics.find(metric);
  if (it == set.metrics.end() || it->second.values.empty()) return kNaN;
  double sum = 0;
  for (double v : it->second.values) sum += v;
  return sum / static_cast<double>(it->second.values.size()) * 1e3;
}

bool Belongs(const FunctionKey& key, const std::string& metric) {
  if (metric == "user") return !key.kernel;
  if (metric == "sys") return key.kernel;
  return true;
}

/// Times of `key` in a profile, zeros where it has none.
std::vector<double> TimesOf(const SetProfile& p, const FunctionKey& key) {
  const auto it = p.time_ms.find(key);
  return it == p.time_ms.end() ? std::vector<double>(p.runs.size(), 0.0) : it->second;
}

/// A function's times in the profiled runs as compare's judge takes a
/// metric's values: each run's boot (and host) is known from its index.
MetricSeries SeriesOf(std::vector<double> times, const SetProfile& profile) {
  MetricSeries series;
  series.values = std::move(times);
  series.run_index = profile.runs;
  series.has_column = true;
  return series;
}

/// The function's difference by the test compare's verdicts use (JudgeSeries:
/// Welch's t on the runs, the mixed model over boots where a set's profiled
/// runs span boots, or what --test forces), in ms per run.
FunctionDifference Compare(const FunctionKey& key, const CompareSet& base_set,
                           const SetProfile& base, const CompareSet& set, const SetProfile& profile,
                           const ProfileRule& rule, stats::MeanTest& test) {
  FunctionDifference d;
  d.key = key;
  const MetricSeries b = SeriesOf(TimesOf(base, key), base),
                     x = SeriesOf(TimesOf(profile, key), profile);
  const SeriesJudgement s = JudgeSeries(
      base_set, b, set, x,
      {.confidence_percent = rule.confidence_percent, .threshold_percent = 0, .test = rule.test});
  std::vector<double> bv = b.values, xv = x.values;  // SummarizeUnordered reorders
  const stats::Summary bs = stats::SummarizeUnordered(bv), xs = stats::SummarizeUnordered(xv);
  d.mean_baseline_ms = bs.mean;
  d.mean_ms = xs.mean;
  const stats::MeanDifference& m = s.judgement.difference;
  // The model's estimate where it decides (the means of unbalanced boots
  // differ from it); the raw means are shown beside it either way.
  d.difference_ms = s.judgement.constant ? xs.mean - bs.mean : m.estimate;
  d.p = s.judgement.constant ? kNaN : m.p;
  d.ci_low_ms = s.judgement.constant ? kNaN : m.low;
  d.ci_high_ms = s.judgement.constant ? kNaN : m.high;
  if (!s.judgement.constant) test = m.test;
  return d;
}

ProfileComparison CompareOne(const CompareSet& base_set, const SetProfile& base,
                             const CompareSet& set, const SetProfile& profile,
                             const ProfileRule& rule) {
  ProfileComparison c;
  c.baseline = base_set.label;
  c.set = set.label;
  c.metric = ShareMetric(rule.metrics);
  c.n_baseline = base.runs.size();
  c.n = profile.runs.size();
  c.boots_baseline = base.boots;
  c.boots = profile.boots;
  c.metric_difference_ms = MeanMs(set, c.metric) - MeanMs(base_set, c.metric);
  std::vector<FunctionKey> keys;
  for (const auto& [key, times] : base.time_ms)
    if (Belongs(key, c.metric)) keys.push_back(key);
  for (const auto& [key, times] : profile.time_ms)
    if (Belongs(key, c.metric) && !base.time_ms.contains(key)) keys.push_back(key);
  std::vector<double> p;
  c.test = rule.test == TestChoice::kStudent ? stats::MeanTest::kStudent : stats::MeanTest::kWelch;
  for (const FunctionKey& key : keys) {
    c.functions.push_back(Compare(key, base_set, base, set, profile, rule, c.test));
    p.push_back(c.functions.back().p);
  }
  const std::vector<double> adjusted = stats::HolmAdjust(p);
  const double alpha = 1 - rule.confidence_percent / 100;
  for (std::size_t i = 0; i < c.functions.size(); ++i) {
    FunctionDifference& f = c.functions[i];
    f.p_adjusted = adjusted[i];
    if (!std::isnan(adjusted[i])) ++c.compared;
    if (adjusted[i] < alpha) f.verdict = f.difference_ms > 0 ? "worse" : "better";
    f.share = c.metric_difference_ms != 0 && std::isfinite(c.metric_difference_ms)
                  ? f.difference_ms / c.metric_difference_ms
                  : kNaN;
  }
  std::stable_sort(c.functions.begin(), c.functions.end(),
                   [](const FunctionDifference& a, const FunctionDifference& b) {
                     return std::fabs(a.difference_ms) > std::fabs(b.difference_ms);
                   });
  return c;
}

/// A function's object as the table shows it: a file's name, [kernel.kallsyms] as it is.
std::string ObjectName(const std::string& object) {
  if (object.starts_with('/')) return std::filesystem::path(object).filename().string();
  return object;
}

std::string Cut(const std::string& text, std::size_t width) {
  return text.size() <= width ? text : text.substr(0, width - 3) + "...";
}

std::string Ms(double v) { return std::isfinite(v) ? SiNumber(v) : "-"; }

std::string Interval(const FunctionDifference& f) {
  std::string text = (f.difference_ms > 0 ? "+" : "") + Ms(f.difference_ms);
  if (std::isfinite(f.ci_low_ms) && std::isfinite(f.ci_high_ms))
    text += " [" + Ms(f.ci_low_ms) + ", " + Ms(f.ci_high_ms) + "]";
  return text;
}

std::string Share(double share) {
  return std::isfinite(share) ? ReadablePercent(share * 100, false) + "%" : "-";
}

std::string Section(const ProfileComparison& c, std::size_t top, double confidence) {
  const std::string test =
      c.test == stats::MeanTest::kMixedModel
          ? fmt::format("mixed model over boots on {} and {} profiled runs of {} and {} boots", c.n,
                        c.n_baseline, c.boots, c.boots_baseline)
          : fmt::format("{} on {} and {} profiled runs", stats::MeanTestName(c.test), c.n,
                        c.n_baseline);
  std::string text = fmt::format(
      "\nWhere the difference is: {} of {} against {} ({}, {}% intervals in ms per run; p "
      "adjusted by Holm over {} functions)\n",
      c.metric, c.set, c.baseline, test, ReadablePercent(confidence, false), c.compared);
  std::vector<std::vector<std::string>> table = {
      {"function", "object", "mode", c.baseline + " ms", c.set + " ms",
       "difference ms (" + ReadablePercent(confidence, false) + "% CI)", "p (Holm)", "share",
       "verdict"}};
  for (std::size_t i = 0; i < c.functions.size() && i < top; ++i) {
    const FunctionDifference& f = c.functions[i];
    table.push_back({Cut(f.key.function, 48), Cut(ObjectName(f.key.object), 32),
                     f.key.kernel ? "kernel" : "user", Ms(f.mean_baseline_ms), Ms(f.mean_ms),
                     Interval(f), PValueText(f.p_adjusted), Share(f.share), f.verdict});
  }
  text += AlignColumns(table, 3);
  if (c.functions.size() > top)
    text += fmt::format("({} more functions; --top N shows more, --profile-csv FILE all)\n",
                        c.functions.size() - top);
  return text;
}

}  // namespace

std::vector<ProfileComparison> CompareProfiles(const CompareInput& in, const ProfileInput& profiles,
                                               const ProfileRule& rule) {
  std::vector<ProfileComparison> out;
  if (profiles.sets.empty() || !profiles.sets.front()) return out;
  for (std::size_t s = 1; s < in.sets.size(); ++s) {
    if (!profiles.sets[s]) continue;
    out.push_back(
        CompareOne(in.sets.front(), *profiles.sets.front(), in.sets[s], *profiles.sets[s], rule));
  }
  return out;
}

std::string FormatProfileSection(const std::vector<ProfileComparison>& comparisons, std::size_t top,
                                 double confidence_percent) {
  std::string text;
  for (const ProfileComparison& c : comparisons) text += Section(c, top, confidence_percent);
  return text;
}

std::string FormatProfileCsv(const std::vector<ProfileComparison>& comparisons) {
  std::string text =
      "baseline,set,function,object,mode,mean_baseline_ms,mean_ms,difference_ms,ci_low_ms,"
      "ci_high_ms,p_adjusted,share,verdict\n";
  const auto number = [&text](double v) {
    text += ',';
    if (std::isfinite(v)) text += fmt::format("{}", v);
  };
  for (const ProfileComparison& c : comparisons) {
    for (const FunctionDifference& f : c.functions) {
      AppendCsvField(text, c.baseline);
      text += ',';
      AppendCsvField(text, c.set);
      text += ',';
      AppendCsvField(text, f.key.function);
      text += ',';
      AppendCsvField(text, f.key.object);
      text += f.key.kernel ? ",kernel" : ",user";
      for (double v : {f.mean_baseline_ms, f.mean_ms, f.difference_ms, f.ci_low_ms, f.ci_high_ms,
                       f.p_adjusted, f.share})
        number(v);
      text += std::string(",") + f.verdict + '\n';
    }
  }
  return text;
}

}  // namespace timeit
