#include "wrapper/compare/compare_blocks.h"

#include <fmt/format.h>

#include <algorithm>

#include "stats/data_set.h"
#include "stats/mann_whitney.h"

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

ComparisonRow MakeRow(const std::string& metric, bool lower_is_better, const stats::DataSet& base,
                      const stats::DataSet& other, const std::string& base_label,
                      const std::string& label, double confidence) {
  ComparisonRow row;
  row.metric = metric;
  row.baseline = base_label;
  row.set = label;
  row.lower_is_better = lower_is_better;
  row.n_baseline = base.summary.n;
  row.n = other.summary.n;
  row.mean_baseline = base.summary.mean;
  row.mean = other.summary.mean;
  const stats::StudentComparison student =
      stats::CompareStudent(other.summary, base.summary, confidence);
  row.difference = student.difference;
  row.relative = stats::RelativeDifference(other.summary, base.summary, confidence);
  row.student_p = student.p;
  row.welch_p = stats::CompareWelch(other.summary, base.summary, confidence).p;
  row.mann_whitney_p = stats::MannWhitneyU(other.values, base.values).p;
  row.significant = student.significant;
  row.verdict = Verdict(student.significant, student.difference, row.lower_is_better);
  return row;
}

}  // namespace

std::string Verdict(bool significant, double difference, bool lower_is_better) {
  if (!significant || difference == 0) return "no difference";
  return (difference < 0) == lower_is_better ? "better" : "worse";
}

std::vector<ComparisonRow> WriteMetricBlocks(const CompareInput& in,
                                             const std::vector<std::string>& metrics,
                                             const stats::MinistatOptions& options,
                                             std::string& out) {
  std::vector<ComparisonRow> rows;
  bool first_block = true;
  for (const std::string& metric : metrics) {
    if (!first_block) out += '\n';
    first_block = false;
    // Sets with at least two values take part; the others are named.
    std::vector<const CompareSet*> taking_part, without, single;
    for (const CompareSet& set : in.sets) {
      const MetricSeries* m = Find(set, metric);
      const std::size_t n = m == nullptr ? 0 : m->values.size();
      (n >= 2 ? taking_part : n == 1 ? single : without).push_back(&set);
    }
    const CompareSet& baseline = in.sets.front();
    std::string why;
    if (!without.empty()) why += fmt::format("{}: no values in {}", metric, JoinLabels(without));
    if (!single.empty())
      why += fmt::format("{}{}: a single value in {}", why.empty() ? "" : "; ", metric,
                         JoinLabels(single));
    if (taking_part.empty() || taking_part.front() != &baseline || taking_part.size() < 2) {
      out += why + (taking_part.empty() || taking_part.front() != &baseline
                        ? "; the baseline cannot be compared\n"
                        : "; nothing left to compare\n");
      continue;
    }
    if (!why.empty()) out += why + "; compared without\n";
    // The values are copied: the summary selects the median in place, and
    // the sets keep file order for the outlier warnings.
    std::vector<std::vector<double>> copies;
    for (const CompareSet* s : taking_part) copies.push_back(Find(*s, metric)->values);
    double lowest = copies.front().front(), highest = lowest;
    for (const auto& c : copies) {
      lowest = std::min(lowest, *std::min_element(c.begin(), c.end()));
      highest = std::max(highest, *std::max_element(c.begin(), c.end()));
    }
    if (lowest == highest) {
      out += fmt::format("{}: {} in every run of every set; nothing to compare\n", metric, lowest);
      continue;
    }
    std::vector<stats::DataSet> data;
    for (std::size_t i = 0; i < taking_part.size(); ++i)
      data.push_back(stats::MakeDataSet(taking_part[i]->label + "." + metric, copies[i]));
    stats::WriteMinistat(data, options, [&out](std::string_view piece) { out += piece; });
    for (std::size_t i = 1; i < data.size(); ++i)
      rows.push_back(MakeRow(metric, LowerIsBetter(in, metric), data[0], data[i], baseline.label,
                             taking_part[i]->label, options.confidence_percent));
  }
  return rows;
}

}  // namespace timeit
