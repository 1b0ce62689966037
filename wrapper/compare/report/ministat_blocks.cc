#include "wrapper/compare/report/ministat_blocks.h"

#include <fmt/format.h>

#include <algorithm>

#include "stats/data_set.h"
#include "stats/mann_whitney.h"
#include "stats/ministat_plot.h"
#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/results/metric_units.h"
#include "wrapper/results/results_columns.h"

namespace timeit {
namespace {

std::string JoinLabels(const std::vector<const CompareSet*>& sets) {
  std::string text;
  for (const CompareSet* s : sets) text += (text.empty() ? "" : ", ") + s->label;
  return text;
}

const MetricSeries* Find(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it == set.metrics.end() ? nullptr : &it->second;
}

ComparisonRow MakeRow(const std::vector<std::string>& group, bool lower_is_better,
                      const CompareSet& base_set, const stats::DataSet& base, const CompareSet& set,
                      const stats::DataSet& other, const BlockOptions& options) {
  ComparisonRow row;
  row.metric = group.front();
  row.same_as.assign(group.begin() + 1, group.end());
  row.baseline = base_set.label;
  row.set = set.label;
  row.lower_is_better = lower_is_better;
  row.n_baseline = base.summary.n;
  row.n = other.summary.n;
  row.mean_baseline = base.summary.mean;
  row.mean = other.summary.mean;
  const double confidence = options.ministat.confidence_percent;
  const SeriesJudgement s =
      JudgeSeries(base_set, *Find(base_set, row.metric), set, *Find(set, row.metric),
                  {confidence, options.threshold_percent, lower_is_better, options.test});
  const stats::Judgement& j = s.judgement;
  row.threshold_percent = options.threshold_percent;
  row.verdict = j.verdict;
  row.constant = j.constant;
  row.test = j.difference.test;
  row.boots_baseline = s.boots_baseline;
  row.boots = s.boots;
  row.hosts = s.hosts;
  row.hosts_confounded = s.hosts_confounded;
  row.boot_share = s.boot_share;
  row.host_share = s.host_share;
  row.difference = j.difference.estimate;
  row.difference_low = j.difference.low;
  row.difference_high = j.difference.high;
  row.relative = {j.change_percent, j.low_percent, j.high_percent};
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (j.constant) {
    row.p = row.df = row.student_p = row.welch_p = row.mann_whitney_p = kNaN;
    row.significant = other.summary.mean != base.summary.mean;
    return row;
  }
  row.p = j.difference.p;
  row.df = j.difference.df;
  row.student_p = j.student.p;
  row.welch_p = stats::WelchDifference(other.summary, base.summary, confidence).p;
  row.mann_whitney_p = stats::MannWhitneyU(other.values, base.values).p;
  row.significant = j.student.significant;
  return row;
}

/// "syscalls: constant: 300030 → 300031 (+0.000333%)", in full precision:
/// the change may be one call in 300000.
std::string ConstantLine(const std::string& name, const std::vector<stats::DataSet>& data) {
  std::string line = fmt::format("{}: constant: {}", name, data.front().summary.mean);
  for (std::size_t i = 1; i < data.size(); ++i) {
    const double b = data.front().summary.mean, x = data[i].summary.mean;
    line += fmt::format("{} {}", i == 1 ? " →" : ",", x);
    if (b != 0) line += " (" + ReadablePercent((x - b) * 100 / std::fabs(b), true) + "%)";
  }
  return line + '\n';
}

bool SameValues(const CompareInput& in, const std::string& a, const std::string& b) {
  bool any = false;
  for (const CompareSet& s : in.sets) {
    const MetricSeries* x = Find(s, a);
    const MetricSeries* y = Find(s, b);
    const bool x_values = x != nullptr && !x->values.empty();
    const bool y_values = y != nullptr && !y->values.empty();
    if (x_values != y_values) return false;
    if (!x_values) continue;
    if (x->values != y->values || x->where != y->where) return false;
    any = true;
  }
  return any;
}

/// Appends the blocks, a blank line between two.
struct BlockWriter {
  std::string& out;
  bool first = true;

  void Write(std::string_view text) {
    if (!first) out += '\n';
    first = false;
    out += text;
  }
};

/// The sets by how many values of a metric they have: two or more take part
/// in the block; the others are named.
struct Participants {
  std::vector<const CompareSet*> taking_part, without, single;
};

Participants SortSets(const CompareInput& in, const std::string& metric) {
  Participants p;
  for (const CompareSet& set : in.sets) {
    const MetricSeries* m = Find(set, metric);
    const std::size_t n = m == nullptr ? 0 : m->values.size();
    (n >= 2 ? p.taking_part : n == 1 ? p.single : p.without).push_back(&set);
  }
  return p;
}

/// "real: no values in a; real: a single value in b", or empty.
std::string WhyLeftOut(const std::string& name, const Participants& p) {
  std::string why;
  if (!p.without.empty()) why += fmt::format("{}: no values in {}", name, JoinLabels(p.without));
  if (!p.single.empty())
    why += fmt::format("{}{}: a single value in {}", why.empty() ? "" : "; ", name,
                       JoinLabels(p.single));
  return why;
}

/// The values of the sets taking part, copied: the summary selects the
/// median in place, and the sets keep file order for the outlier and drift
/// warnings. With their range, and whether each set is constant.
struct Values {
  std::vector<std::vector<double>> copies;
  double lowest = 0, highest = 0;
  bool each_constant = true;
};

Values CopyValues(const std::vector<const CompareSet*>& sets, const std::string& metric) {
  Values v;
  for (const CompareSet* s : sets) v.copies.push_back(Find(*s, metric)->values);
  v.lowest = v.highest = v.copies.front().front();
  for (const auto& c : v.copies) {
    const auto [low, high] = std::minmax_element(c.begin(), c.end());
    v.lowest = std::min(v.lowest, *low);
    v.highest = std::max(v.highest, *high);
    v.each_constant = v.each_constant && *low == *high;
  }
  return v;
}

/// One group's block (or the line in its place) and its summary rows.
void WriteGroup(const CompareInput& in, const std::vector<std::string>& group,
                const BlockOptions& options, BlockWriter& blocks,
                std::vector<ComparisonRow>& rows) {
  const std::string& metric = group.front();
  const std::string name = GroupNameWithUnit(group);
  const auto write = [&](std::string_view text) { blocks.Write(text); };
  const Participants p = SortSets(in, metric);
  const CompareSet& baseline = in.sets.front();
  const std::string why = WhyLeftOut(name, p);
  if (p.taking_part.empty() || p.taking_part.front() != &baseline || p.taking_part.size() < 2) {
    write(why + (p.taking_part.empty() || p.taking_part.front() != &baseline
                     ? "; the baseline cannot be compared\n"
                     : "; nothing left to compare\n"));
    return;
  }
  const std::string text = why.empty() ? "" : why + "; compared without\n";
  Values v = CopyValues(p.taking_part, metric);  // MakeDataSet sorts the copies
  if (v.lowest == v.highest) {
    write(text +
          fmt::format("{}: {} in every run of every set; nothing to compare\n", name, v.lowest));
    return;
  }
  std::vector<stats::DataSet> data;
  for (std::size_t i = 0; i < p.taking_part.size(); ++i)
    data.push_back(stats::MakeDataSet(p.taking_part[i]->label + "." + name, v.copies[i]));
  const bool plotted = in.sets.size() <= stats::kMaxDataSets;
  if (v.each_constant) {
    write(text + ConstantLine(name, data));
  } else if (plotted) {
    write(text);
    stats::WriteMinistat(data, options.ministat,
                         [&blocks](std::string_view piece) { blocks.out += piece; });
  } else if (!text.empty()) {
    write(text);
  }
  // A long scan's summary: its last value against its first (NoBlocksLine).
  for (std::size_t i = plotted ? 1 : data.size() - 1; i < data.size(); ++i)
    rows.push_back(MakeRow(group, LowerIsBetter(in, metric), baseline, data[0], *p.taking_part[i],
                           data[i], options));
}

/// In place of the blocks of more than 7 sets (a long parameter scan): why
/// there are none, and what the summary then holds. A summary of every value
/// against the first would be a row per value and metric, dozens of rows
/// repeating the scan table's means; the last value against the first says
/// whether the parameter matters over its range, and is what --fail-on
/// judges.
std::string NoBlocksLine(const CompareInput& in) {
  return fmt::format(
      "No ministat blocks: ministat plots 7 sets at most, and these are {}; the scan table below "
      "has every value's mean, the summary {} against {}\n",
      in.sets.size(), in.sets.back().label, in.sets.front().label);
}

}  // namespace

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

std::vector<std::vector<std::string>> GroupIdenticalMetrics(
    const CompareInput& in, const std::vector<std::string>& metrics) {
  std::vector<std::vector<std::string>> groups;
  for (const std::string& m : metrics) {
    const auto same = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto& g) { return SameValues(in, g.front(), m); });
    if (same != groups.end())
      same->push_back(m);
    else
      groups.push_back({m});
  }
  return groups;
}

std::vector<ComparisonRow> WriteMetricBlocks(const CompareInput& in,
                                             const std::vector<std::vector<std::string>>& groups,
                                             const BlockOptions& options, std::string& out) {
  std::vector<ComparisonRow> rows;
  BlockWriter blocks{out};
  if (in.sets.size() > stats::kMaxDataSets) blocks.Write(NoBlocksLine(in));
  for (const std::vector<std::string>& group : groups) WriteGroup(in, group, options, blocks, rows);
  return rows;
}

}  // namespace timeit
