#include "wrapper/compare/compare_metrics.h"

#include <fmt/format.h>

#include <algorithm>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/sets/metric_groups.h"
#include "wrapper/results/results_columns.h"

namespace timeit {
namespace {

bool HasValues(const CompareSet& s, const std::string& metric) {
  const auto it = s.metrics.find(metric);
  return it != s.metrics.end() && !it->second.values.empty();
}

bool HasValues(const CompareInput& in, const std::string& metric) {
  return std::any_of(in.sets.begin(), in.sets.end(),
                     [&](const CompareSet& s) { return HasValues(s, metric); });
}

/// Every metric's name, for a one-line message.
std::string KnownMetrics(const std::vector<std::string>& metrics) {
  std::string list;
  for (std::size_t i = 0; i < metrics.size(); ++i)
    list += (i == 0 ? "" : ", ") + QuoteForMessage(metrics[i]);
  return list;
}

/// "only in a, b" or "not in c", whichever names fewer sets.
std::string Presence(const CompareInput& in, const std::string& metric) {
  std::vector<std::string> with, without;
  for (const CompareSet& s : in.sets) (HasValues(s, metric) ? with : without).push_back(s.label);
  if (with.empty()) return "in no set";
  if (without.empty()) return {};
  return with.size() <= without.size() ? fmt::format("only in {}", fmt::join(with, ", "))
                                       : fmt::format("not in {}", fmt::join(without, ", "));
}

/// Whether a set without values of `metric` is told of by another warning:
/// it has the column, empty (a counter not counted: CounterStatus), or the
/// metric's user-mode twin (cycles beside cycles:u: UserOnly).
bool AbsenceExplained(const CompareInput& in, const std::string& metric) {
  const std::string twin =
      metric.ends_with(":u") ? metric.substr(0, metric.size() - 2) : metric + ":u";
  return std::any_of(in.sets.begin(), in.sets.end(), [&](const CompareSet& s) {
    if (HasValues(s, metric)) return false;
    const auto it = s.metrics.find(metric);
    return (it != s.metrics.end() && it->second.has_column) || HasValues(s, twin);
  });
}

}  // namespace

MetricChoice ChooseMetrics(const CompareInput& in, const CompareOptions& o,
                           std::vector<std::string>& notes) {
  MetricChoice choice;
  for (const std::string& m : in.metrics)
    if (HasValues(in, m)) choice.with_data.push_back(m);
  if (!o.metrics.empty()) {
    for (const std::string& m : o.metrics) {
      if (std::find(in.metrics.begin(), in.metrics.end(), m) == in.metrics.end())
        throw UsageError(fmt::format("compare: -m {}: no such metric in {}{}; there are: {}",
                                     QuoteForMessage(m), fmt::join(o.files, ", "),
                                     DidYouMean(m, in.metrics), KnownMetrics(in.metrics)));
      if (std::find(choice.metrics.begin(), choice.metrics.end(), m) == choice.metrics.end())
        choice.metrics.push_back(m);
    }
    choice.groups = GroupIdenticalMetrics(in, choice.metrics);
    return choice;
  }
  std::vector<std::string> empty;
  for (const std::string& m : in.metrics)
    if (!HasValues(in, m)) empty.push_back(m);
  // A column empty in every run of every set holds nothing to leave out
  // (the counters of a machine without a PMU, on every comparison there):
  // named with -v only, and -m naming one says why it has no values.
  if (!empty.empty() && o.verbose)
    notes.push_back(fmt::format("not measured in any set, left out: {}", fmt::join(empty, ", ")));
  for (std::vector<std::string>& group : GroupIdenticalMetrics(in, choice.with_data)) {
    // A detail equal to a time or a counter is named beside it, not dropped.
    if (o.all_metrics || !std::all_of(group.begin(), group.end(),
                                      [](const std::string& m) { return IsDetailColumn(m); })) {
      choice.metrics.insert(choice.metrics.end(), group.begin(), group.end());
      choice.groups.push_back(std::move(group));
    } else {
      choice.left_out.insert(choice.left_out.end(), group.begin(), group.end());
    }
  }
  if (!choice.left_out.empty() && o.verbose)
    notes.push_back(fmt::format("shown with --all-metrics: {}", fmt::join(choice.left_out, ", ")));
  return choice;
}

std::optional<std::string> PartialMetricsWarning(const CompareInput& in,
                                                 const std::vector<std::string>& metrics) {
  // Metrics with the same presence are named together.
  std::vector<std::pair<std::string, std::vector<std::string>>> by_presence;
  for (const std::string& m : metrics) {
    const std::string presence = Presence(in, m);
    if (presence.empty() || presence == "in no set" || AbsenceExplained(in, m)) continue;
    auto it = std::find_if(by_presence.begin(), by_presence.end(),
                           [&](const auto& p) { return p.first == presence; });
    if (it == by_presence.end()) it = by_presence.insert(by_presence.end(), {presence, {}});
    it->second.push_back(m);
  }
  if (by_presence.empty()) return std::nullopt;
  std::string text;
  for (const auto& [presence, names] : by_presence)
    text += fmt::format("{}{}: {}", text.empty() ? "" : "; ", fmt::join(names, ", "), presence);
  return "metrics not in every set, compared where they are: " + text;
}

std::string WherePresent(const CompareInput& in, const std::vector<std::string>& metrics) {
  std::string text;
  for (const std::string& m : metrics) {
    const std::string presence = Presence(in, m);
    if (!presence.empty()) text += fmt::format("{}{}: {}", text.empty() ? "" : "; ", m, presence);
  }
  return text;
}

}  // namespace timeit
