#include "wrapper/plan/plan_pilot.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "stats/nan.h"
#include "wrapper/compare/sets/boots.h"

namespace timeit {
namespace {

using stats::kNaN;

/// Every measured run of `set` as a series (for BootKeys), and each run's `real`.
MetricSeries AllRuns(const CompareSet& set, std::vector<double>& real) {
  MetricSeries all;
  all.run_index.resize(static_cast<std::size_t>(set.runs));
  std::iota(all.run_index.begin(), all.run_index.end(), std::size_t{0});
  real.assign(all.run_index.size(), kNaN);
  if (const auto it = set.metrics.find("real"); it != set.metrics.end())
    for (std::size_t i = 0; i < it->second.values.size(); ++i)
      real[it->second.run_index[i]] = it->second.values[i];
  return all;
}

double Start(const CompareSet& set, std::size_t run) {
  return run < set.run_starts.size() ? set.run_starts[run] : kNaN;
}

}  // namespace

std::vector<PilotBoot> PilotBoots(const CompareSet& set) {
  std::vector<double> real;
  const MetricSeries all = AllRuns(set, real);
  const std::vector<std::string> keys = BootKeys(set, all);
  std::vector<PilotBoot> boots;
  std::map<std::string, std::size_t> index;
  for (std::size_t run = 0; run < keys.size(); ++run) {
    const auto [it, added] = index.emplace(keys[run], boots.size());
    if (added) boots.push_back({keys[run], 0, Start(set, run), kNaN});
    PilotBoot& b = boots[it->second];
    ++b.runs;
    const double start = Start(set, run);
    b.first_start = std::isnan(b.first_start) ? start : std::min(b.first_start, start);
    const double end = start + real[run];
    if (!std::isnan(end)) b.last_end = std::isnan(b.last_end) ? end : std::max(b.last_end, end);
  }
  std::stable_sort(boots.begin(), boots.end(), [](const PilotBoot& a, const PilotBoot& b) {
    return !std::isnan(a.first_start) &&
           (std::isnan(b.first_start) || a.first_start < b.first_start);
  });
  return boots;
}

MeasuredCosts MeasureCosts(const CompareSet& set, const std::vector<PilotBoot>& boots) {
  MeasuredCosts m;
  double boot_total = 0;
  for (std::size_t i = 1; i < boots.size(); ++i) {
    const double gap = boots[i].first_start - boots[i - 1].last_end;
    if (!(gap > 0)) continue;  // unknown, or clocks that disagree
    boot_total += gap;
    ++m.reboots;
  }
  m.costs.boot_seconds = m.reboots > 0 ? boot_total / static_cast<double>(m.reboots) : kNaN;

  // A run: start to start within a boot.
  std::vector<double> real;
  const MetricSeries all = AllRuns(set, real);
  const std::vector<std::string> keys = BootKeys(set, all);
  std::map<std::string, std::vector<double>> starts;
  for (std::size_t run = 0; run < keys.size(); ++run)
    if (!std::isnan(Start(set, run))) starts[keys[run]].push_back(Start(set, run));
  double run_total = 0;
  std::size_t steps = 0;
  for (auto& [key, s] : starts) {
    std::sort(s.begin(), s.end());
    for (std::size_t i = 1; i < s.size(); ++i, ++steps) run_total += s[i] - s[i - 1];
  }
  if (steps > 0) {
    m.costs.run_seconds = run_total / static_cast<double>(steps);
  } else {
    double sum = 0;
    std::size_t n = 0;
    for (double r : real)
      if (!std::isnan(r)) sum += r, ++n;
    m.costs.run_seconds = n > 0 ? sum / static_cast<double>(n) : kNaN;
  }
  return m;
}

std::optional<MetricPilot> AnalysePilot(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  if (it == set.metrics.end() || it->second.values.size() < 2) return std::nullopt;
  const MetricSeries& series = it->second;
  stats::MixedDesign design;
  design.values = series.values;
  design.set.assign(series.values.size(), 0);
  design.levels.resize(1);
  std::map<std::string, std::size_t> ids;
  for (const std::string& key : BootKeys(set, series))
    design.levels[0].push_back(ids.emplace(key, ids.size()).first->second);
  MetricPilot p;
  p.metric = metric;
  p.values = series.values.size();
  p.fit = stats::FitMixedModel(design);
  if (!p.fit.ok) return std::nullopt;
  const double mean = std::accumulate(series.values.begin(), series.values.end(), 0.0) /
                      static_cast<double>(p.values);
  p.components = {mean, p.fit.level_sd.back(), p.fit.residual_sd};
  return p;
}

}  // namespace timeit
