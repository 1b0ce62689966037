#include "wrapper/compare/verdicts/scan.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "wrapper/base/text.h"
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
  for (const CompareSet& s : in.sets) {
    if (ScanParameterOf(s.label) != scan.parameter) return std::nullopt;
    scan.values.push_back(s.label.substr(scan.parameter.size() + 1));
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

std::string FormatScanTable(const ScanTable& scan) {
  // Per metric a column of means and one of half-widths, each right-aligned,
  // so that the "+/-" stand one under the other.
  std::size_t value_width = TerminalColumns(scan.parameter);
  for (const std::string& v : scan.values) value_width = std::max(value_width, TerminalColumns(v));
  std::vector<std::size_t> mean_width(scan.metrics.size(), 0), margin_width(scan.metrics.size(), 0);
  for (const auto& row : scan.cells)
    for (std::size_t m = 0; m < row.size(); ++m) {
      mean_width[m] = std::max(mean_width[m], TerminalColumns(row[m].mean));
      margin_width[m] = std::max(margin_width[m], TerminalColumns(row[m].margin));
    }
  const auto right = [](const std::string& text, std::size_t width) {
    return std::string(width - std::min(width, TerminalColumns(text)), ' ') + text;
  };
  std::string out =
      fmt::format("Scan of {}: each metric's mean +/- its {}% interval (Student's t)\n",
                  scan.parameter, ReadablePercent(scan.confidence_percent, false));
  std::string header =
      scan.parameter + std::string(value_width - TerminalColumns(scan.parameter), ' ');
  for (std::size_t m = 0; m < scan.metrics.size(); ++m)
    header += "  " + right(scan.metrics[m], mean_width[m] + 5 + margin_width[m]);
  out += header + '\n';
  for (std::size_t v = 0; v < scan.values.size(); ++v) {
    std::string line =
        scan.values[v] + std::string(value_width - TerminalColumns(scan.values[v]), ' ');
    for (std::size_t m = 0; m < scan.metrics.size(); ++m) {
      const std::size_t cell = mean_width[m] + 5 + margin_width[m];
      const std::size_t head = TerminalColumns(scan.metrics[m]);
      line += "  " + std::string(head > cell ? head - cell : 0, ' ') +
              right(scan.cells[v][m].mean, mean_width[m]) + " +/- " +
              right(scan.cells[v][m].margin, margin_width[m]);
    }
    out += line + '\n';
  }
  return out;
}

}  // namespace timeit
