#include "wrapper/compare/verdicts/scan.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "wrapper/compare/sets/scan_labels.h"
#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/compare/verdicts/report_cells.h"
#include "wrapper/results/results_columns.h"

namespace timeit {
namespace {

/// Whether every run of every set has one and the same value.
bool SameEverywhere(const CompareInput& in, const std::string& metric) {
  std::optional<double> first;
  for (const CompareSet& s : in.sets) {
    const auto it = s.metrics.find(metric);
    if (it == s.metrics.end()) continue;
    for (const double v : it->second.values) {
      if (!first) first = v;
      if (v != *first) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<std::string> ScanMetrics(const CompareInput& in,
                                     const std::vector<std::string>& chosen) {
  if (!chosen.empty()) return chosen;
  std::vector<std::string> metrics;
  for (const std::string& m : in.metrics)
    if (!IsDetailColumn(m)) metrics.push_back(m);
  return metrics;
}

std::optional<ScanTable> FindScan(const CompareInput& in, const std::vector<std::string>& metrics,
                                  double confidence_percent) {
  ScanTable scan;
  scan.confidence_percent = confidence_percent;
  scan.parameter = ScanParameterOf(in.sets.front().label);
  if (scan.parameter.empty() || in.sets.size() < 2) return std::nullopt;
  for (const auto& [name, value] : ScanSettingsOf(in.sets.front().label))
    scan.parameters.push_back(name);
  for (const CompareSet& s : in.sets) {
    if (ScanParameterOf(s.label) != scan.parameter) return std::nullopt;
    std::vector<std::string>& values = scan.settings.emplace_back();
    std::string joined;
    for (const auto& [name, value] : ScanSettingsOf(s.label)) {
      values.push_back(value);
      joined += (joined.empty() ? "" : ",") + value;
    }
    scan.values.push_back(joined);
  }
  std::vector<std::string> shown;
  for (const std::string& m : metrics)
    if (!SameEverywhere(in, m)) shown.push_back(m);
  if (shown.empty()) return std::nullopt;
  scan.metric_keys = shown;
  for (const std::string& m : shown) scan.metrics.push_back(GroupNameWithUnit({m}));
  for (const CompareSet& s : in.sets) {
    std::vector<ScanTable::Cell>& row = scan.cells.emplace_back();
    for (const std::string& m : shown) {
      const std::optional<SetCells> c = FormatSetCells(s, m, confidence_percent);
      if (!c) {
        row.push_back({"-", "-"});
        continue;
      }
      const double half = c->interval.half_width;
      row.push_back({SiNumber(c->summary.mean), std::isnan(half) ? "-" : SiNumber(half),
                     c->summary.mean, half});
    }
  }
  return scan;
}

}  // namespace timeit
