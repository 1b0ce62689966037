#include "wrapper/compare/verdicts/report_cells.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <utility>

#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/results/metric_units.h"

namespace timeit {
namespace {

/// SiNumber, or "-" for what is undefined (NaN: a stddev of one value).
std::string NumberText(double v) { return std::isnan(v) ? "-" : SiNumber(v); }

/// A signed percentage with `decimals` decimals, "+198.1%", or more until
/// a change that is not 0 shows a digit: an end just below 0 is "-0.02%",
/// not "0.0%" beside a verdict that says the interval holds 0. No sign on 0.
std::string PercentAt(double v, int decimals) {
  const auto zeros = [](const std::string& t) {
    return t.find_first_not_of("+-0.") == std::string::npos;
  };
  std::string text = fmt::format("{:+.{}f}", v, decimals);
  while (v != 0 && zeros(text) && decimals < 15) text = fmt::format("{:+.{}f}", v, ++decimals);
  if (zeros(text)) text.erase(0, 1);
  return text + "%";
}

/// The decimals that show `distance` (an end's from the estimate) to two
/// significant digits: 1 for 5.65, 2 for 0.645.
int DecimalsFor(double distance) {
  if (!(distance > 0)) return 1;
  return std::clamp(1 - static_cast<int>(std::floor(std::log10(distance))), 0, 15);
}

}  // namespace

std::string VerdictTerms(const std::string& tests, double confidence_percent,
                         double threshold_percent) {
  const std::string threshold =
      threshold_percent > 0
          ? "changes within " + ReadablePercent(threshold_percent, false) + "% do not count"
          : "no threshold";
  return tests + " at " + ReadablePercent(confidence_percent, false) + "% confidence; " + threshold;
}

std::string RowCells::Difference(std::string_view plus_minus) const {
  if (exact) return estimate + " exact" + from;
  if (!low.empty()) return estimate + " (" + low + " .. " + high + ")" + from;
  if (margin.empty()) return estimate + from;
  return estimate + " " + std::string(plus_minus) + " " + margin + from;
}

std::string VarianceText(const SeriesDesign& design) {
  if (std::isnan(design.boot_share) || std::isnan(design.run_share)) return "-";
  std::vector<std::pair<std::string_view, double>> parts;
  if (!std::isnan(design.host_share)) parts.emplace_back("host", design.host_share);
  parts.emplace_back("boot", design.boot_share);
  parts.emplace_back("run", design.run_share);
  std::vector<int> percent;
  int sum = 0;
  for (const auto& [name, share] : parts) {
    percent.push_back(static_cast<int>(std::floor(std::clamp(share, 0.0, 1.0) * 100)));
    sum += percent.back();
  }
  std::vector<std::size_t> order(parts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto remainder = [&](std::size_t i) { return parts[i].second * 100 - percent[i]; };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return remainder(a) > remainder(b); });
  for (std::size_t i = 0; sum < 100 && i < order.size(); ++i, ++sum) ++percent[order[i]];
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i)
    text += fmt::format("{}{} {}%", i == 0 ? "" : " · ", parts[i].first, percent[i]);
  return text;
}

TimeUnit TimeUnitNamed(const std::string& name) {
  if (name == "ms") return {"ms", 1e3};
  if (name == "us") return {"us", 1e6};
  return {};
}

std::vector<RowCells> FormatRowCells(const std::vector<ComparisonRow>& rows,
                                     const TimeUnit& time_unit) {
  std::vector<RowCells> cells;
  cells.reserve(rows.size());
  for (ComparisonRow r : rows) {
    RowCells c;
    c.names.push_back(r.metric);
    c.names.insert(c.names.end(), r.same_as.begin(), r.same_as.end());
    c.metric = RowMetricNameWithUnit(r);
    c.unit = DisplayUnitOf(r.metric).unit;
    if (c.unit == "s" && time_unit.name != "s") {
      // Percentages and p-values do not change with the unit; the means and
      // the differences in the values' unit do.
      for (double* v :
           {&r.mean_baseline, &r.mean, &r.difference, &r.difference_low, &r.difference_high})
        *v *= time_unit.per_second;
      c.unit = time_unit.name;
      const std::size_t at = c.metric.find(" (s)");
      if (at != std::string::npos) c.metric.replace(at, 4, " (" + time_unit.name + ")");
    }
    c.row = r;
    c.better = r.lower_is_better ? "lower" : "higher";
    c.mean_baseline = SiNumber(r.mean_baseline);
    c.mean = SiNumber(r.mean);
    c.exact = r.constant;
    // A ratio without a bounded interval: the baseline mean is 0 or not told
    // from 0 by its own interval.
    const bool unbounded = !r.constant && std::isnan(r.relative.low_percent) &&
                           std::isfinite(r.difference_low) && std::isfinite(r.difference_high);
    if ((r.mean_baseline == 0 && !(r.constant && r.difference == 0)) || unbounded) {
      // A change from 0 is no percentage ("+inf%" said nothing), nor one from
      // a mean that may be 0 ("+40%" of what?): the change itself, and the
      // interval the verdict was read from (verdict.h).
      const std::string unit = c.unit.empty() ? "" : " " + c.unit;
      c.estimate = (r.difference > 0 ? "+" : "") + SiNumber(r.difference) + unit;
      const double margin = r.difference_high - r.difference;
      if (!r.constant && std::isfinite(margin)) c.margin = SiNumber(margin) + unit;
      c.from = " (from " + SiNumber(r.mean_baseline) + ")";
    } else {
      c.estimate = ReadablePercent(r.relative.estimate_percent, true) + "%";
      const double above = r.relative.high_percent - r.relative.estimate_percent;
      const double below = r.relative.estimate_percent - r.relative.low_percent;
      if (!r.constant && !std::isnan(above) && !std::isnan(below)) {
        const std::string margin = ReadablePercent(above, false);
        if (margin == ReadablePercent(below, false)) {
          c.margin = margin + "%";
        } else {
          // Each end as far from the estimate as it is: to the decimals
          // of the nearer end, the estimate too (+204% (+198% .. +209%)
          // would show the sides the wrong way round).
          const int decimals = DecimalsFor(std::fmin(above, below));
          c.estimate = PercentAt(r.relative.estimate_percent, decimals);
          c.low = PercentAt(r.relative.low_percent, decimals);
          c.high = PercentAt(r.relative.high_percent, decimals);
        }
      }
    }
    c.student_p = PValueText(r.student_p);
    c.welch_p = PValueText(r.welch_p);
    c.mann_whitney_p = PValueText(r.mann_whitney_p);
    c.test = stats::MeanTestName(r.test);
    c.p = PValueText(r.p);
    c.boots = std::to_string(r.boots_baseline) + "/" + std::to_string(r.boots);
    c.hosts = r.hosts > 1 ? std::to_string(r.hosts) : "-";
    c.variance = VarianceText(r);
    c.verdict = VerdictText(r);
    cells.push_back(std::move(c));
  }
  return cells;
}

/// "3 hosts × 2 boots" when each set's boots are as many on every host as
/// the division says (a fleet's plan), else "3 hosts, 7 and 6 boots".
std::string HostsAndBoots(const ComparisonRow& r) {
  if (r.boots == r.boots_baseline && r.boots % r.hosts == 0)
    return fmt::format("{} hosts × {} boot{}", r.hosts, r.boots / r.hosts,
                       r.boots == r.hosts ? "" : "s");
  return fmt::format("{} hosts, {} and {} boots", r.hosts, r.boots_baseline, r.boots);
}

std::string TestsHeading(const std::vector<ComparisonRow>& rows) {
  std::vector<std::string> names;
  for (const ComparisonRow& r : rows) {
    std::string name = stats::MeanTestName(r.test);
    if (r.test == stats::MeanTest::kMixedModel)
      name += r.hosts > 1 ? " over " + HostsAndBoots(r) : " over boots";
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return fmt::format("{}", fmt::join(names, " and "));
}

bool AnyAcrossBoots(const std::vector<ComparisonRow>& rows) {
  return std::any_of(rows.begin(), rows.end(), [](const ComparisonRow& r) {
    return r.boots_baseline > 1 || r.boots > 1 || r.hosts > 1;
  });
}

std::string OneBootNote(const CompareInput& in, const std::vector<ComparisonRow>& rows) {
  if (rows.empty() || AnyAcrossBoots(rows)) return {};
  // The sets compared, each with its one boot: known and not all the same.
  std::set<std::string> boots;
  for (const CompareSet& set : in.sets) {
    const bool compared = std::any_of(rows.begin(), rows.end(), [&](const ComparisonRow& r) {
      return r.set == set.label || r.baseline == set.label;
    });
    if (!compared) continue;
    for (const std::string& b : set.run_boots) {
      if (b.empty()) return {};
      boots.insert(b);
    }
  }
  if (boots.size() < 2) return {};
  return "One boot per set: the intervals hold run-to-run noise only; boot effects (memory "
         "layout, KASLR, caches) may be part of the differences. Boot each kernel three times "
         "or more and append to its file (timeit plan tells how often).\n";
}

std::optional<stats::Summary> SetSummary(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  if (it == set.metrics.end() || it->second.values.empty()) return std::nullopt;
  std::vector<double> copy = it->second.values;
  return stats::SummarizeUnordered(copy);
}

std::optional<SetCells> FormatSetCells(const CompareSet& set, const std::string& metric,
                                       double confidence_percent) {
  const std::optional<stats::Summary> summary = SetSummary(set, metric);
  if (!summary) return std::nullopt;
  SetCells c;
  c.summary = *summary;
  c.interval = stats::IntervalOfMean(c.summary, confidence_percent);
  const stats::Summary& s = c.summary;
  c.n = std::to_string(s.n);
  c.min = NumberText(s.min);
  c.median = NumberText(s.median);
  c.mean = NumberText(s.mean);
  c.margin = NumberText(c.interval.half_width);
  c.max = NumberText(s.max);
  c.stddev = s.n >= 2 ? NumberText(s.stddev) : "-";
  return c;
}

}  // namespace timeit
