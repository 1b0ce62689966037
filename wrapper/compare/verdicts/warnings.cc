#include "wrapper/compare/verdicts/warnings.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "platforms/metric_name.h"
#include "platforms/perf_event_paranoid_fix.h"
#include "wrapper/compare/sets/conditions.h"

namespace timeit {
namespace {

/// Whether `set`'s hosts differ in `column`: ConditionWarnings says so per set.
bool HostsDiffer(const CompareSet& set, std::string_view column) {
  const std::vector<HostDifference> differences = HostDifferences(set);
  return std::any_of(differences.begin(), differences.end(),
                     [&](const HostDifference& d) { return d.name == column; });
}

/// "isync: A; no_isync: B" when the sets' values of a metadata column differ,
/// or a set has several that are not its hosts' difference. A set that
/// recorded none (another program's file) differs from nothing:
/// ConditionWarnings says once that it cannot be checked.
void DifferentMetadata(const CompareInput& in, std::vector<std::string> CompareSet::*field,
                       std::string_view column, const char* what,
                       std::vector<std::string>& warnings) {
  const CompareSet* first = nullptr;
  bool differ = false;
  for (const CompareSet& s : in.sets) {
    if ((s.*field).empty()) continue;
    if (first == nullptr) first = &s;
    differ |= s.*field != first->*field || ((s.*field).size() > 1 && !HostsDiffer(s, column));
  }
  if (!differ) return;
  std::string list;
  for (const CompareSet& s : in.sets)
    if (!(s.*field).empty())
      list +=
          fmt::format("{}{}: {}", list.empty() ? "" : "; ", s.label, fmt::join(s.*field, " + "));
  warnings.push_back(fmt::format("the sets were measured on different {}: {}", what, list));
}

/// The note a counter left in the CSV ("cycles: not permitted (...)"): under
/// the column's name, or its counter's label without timeit's ':u'.
std::string NoteAbout(const CompareSet& set, const std::string& metric) {
  const std::string base = platforms::MetricBaseName(metric, platforms::MetricTarget::kKeep);
  for (const std::string& note : set.notes)
    if (note.starts_with(metric + ": ") || note.starts_with(base + ": ")) return " (" + note + ")";
  return {};
}

void CounterStatus(const CompareInput& in, const std::string& metric,
                   std::vector<std::string>& warnings) {
  std::vector<std::string> multiplexed, clean, not_counted, counted;
  for (const CompareSet& s : in.sets) {
    const auto it = s.metrics.find(metric);
    if (it == s.metrics.end() || !it->second.has_column) continue;
    const MetricSeries& m = it->second;
    if (m.values.empty() && m.empty_cells > 0) {
      not_counted.push_back(s.label + NoteAbout(s, metric));
      continue;
    }
    counted.push_back(s.label);
    if (m.multiplexed > 0)
      multiplexed.push_back(
          fmt::format("{} ({} of {} runs)", s.label, m.multiplexed, m.values.size()));
    else
      clean.push_back(s.label);
  }
  if (!multiplexed.empty() && !clean.empty())
    warnings.push_back(
        fmt::format("{}: multiplexed in {} but not in {}: scaled estimates against counts", metric,
                    fmt::join(multiplexed, ", "), fmt::join(clean, ", ")));
  if (!not_counted.empty() && !counted.empty())
    warnings.push_back(fmt::format("{}: not counted in {} but counted in {}", metric,
                                   fmt::join(not_counted, ", "), fmt::join(counted, ", ")));
}

bool HasValues(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it != set.metrics.end() && !it->second.values.empty();
}

/// `cycles` in one set and `cycles:u` in another: one kernel let timeit
/// count the kernel's share, the other did not (perf_event_paranoid).
void UserOnly(const CompareInput& in, const std::string& metric,
              std::vector<std::string>& warnings) {
  if (metric.ends_with(":u")) return;
  std::vector<std::string> full, user_only;
  for (const CompareSet& s : in.sets) {
    if (HasValues(s, metric)) full.push_back(s.label);
    if (HasValues(s, metric + ":u")) user_only.push_back(s.label);
  }
  if (full.empty() || user_only.empty()) return;
  warnings.push_back(fmt::format(
      "{}: counted in user mode only ({}:u) in {} but with the kernel in {}; the two are not "
      "compared (allow kernel counting with {} before measuring)",
      metric, metric, fmt::join(user_only, ", "), fmt::join(full, ", "),
      platforms::ParanoidSysctl(1)));
}

}  // namespace

std::vector<std::string> CompareWarnings(const CompareInput& in,
                                         const std::vector<std::string>& metrics) {
  std::vector<std::string> warnings;
  for (const CompareSet& s : in.sets) {
    if (s.runs < 3)
      warnings.push_back(fmt::format("{}: only {} measured run{}; 3 or more make a comparison",
                                     s.label, s.runs, s.runs == 1 ? "" : "s"));
    if (s.failed_runs > 0)
      warnings.push_back(fmt::format("{}: {} failed run{} (non-zero status) left out", s.label,
                                     s.failed_runs, s.failed_runs == 1 ? "" : "s"));
  }
  DifferentMetadata(in, &CompareSet::cpu_models, "cpu_model", "CPU models", warnings);
  DifferentMetadata(in, &CompareSet::platforms, "platform", "platforms", warnings);
  for (std::string& w : ConditionWarnings(in)) warnings.push_back(std::move(w));
  for (const std::string& metric : metrics) CounterStatus(in, metric, warnings);
  for (const std::string& metric : metrics) UserOnly(in, metric, warnings);
  return warnings;
}

}  // namespace timeit
