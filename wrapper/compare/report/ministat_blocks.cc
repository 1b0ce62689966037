#include "wrapper/compare/report/ministat_blocks.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>

#include "stats/data_set.h"
#include "stats/ministat_plot.h"
#include "wrapper/compare/sets/metric_groups.h"
#include "wrapper/compare/verdicts/comparison_rows.h"
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
  for (const CompareSet* s : sets) v.copies.push_back(FindSeries(*s, metric)->values);
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
                const stats::MinistatOptions& options, BlockWriter& blocks) {
  const std::string& metric = group.front();
  const std::string name = GroupNameWithUnit(group);
  const auto write = [&](std::string_view text) { blocks.Write(text); };
  const Participants p = SortSets(in, metric);
  const std::string why = WhyLeftOut(name, p);
  if (!BaselineTakesPart(in, p)) {
    write(why + (p.taking_part.empty() || p.taking_part.front() != &in.sets.front()
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
    stats::WriteMinistat(data, options, [&blocks](std::string_view piece) { blocks.out += piece; });
  } else if (!text.empty()) {
    write(text);
  }
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

std::atomic<std::size_t> metric_blocks_written = 0;

}  // namespace

std::size_t MetricBlocksWritten() { return metric_blocks_written; }

void WriteMetricBlocks(const CompareInput& in, const std::vector<std::vector<std::string>>& groups,
                       const stats::MinistatOptions& options, std::string& out) {
  ++metric_blocks_written;
  BlockWriter blocks{out};
  if (in.sets.size() > stats::kMaxDataSets) blocks.Write(NoBlocksLine(in));
  for (const std::vector<std::string>& group : groups) WriteGroup(in, group, options, blocks);
}

}  // namespace timeit
