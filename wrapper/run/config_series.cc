#include "wrapper/run/config_series.h"

#include <algorithm>
#include <random>

namespace timeit {

std::vector<ScheduledRun> InterleavedSchedule(int configs, int warmup, int runs, bool random,
                                              std::uint64_t seed) {
  std::vector<ScheduledRun> schedule;
  std::mt19937_64 generator(seed);
  std::vector<int> order(static_cast<std::size_t>(configs));
  for (int round = 0; round < warmup + runs; ++round) {
    for (int c = 0; c < configs; ++c) order[static_cast<std::size_t>(c)] = c;
    if (random) {
      // Fisher-Yates by hand: std::shuffle's use of the generator is not
      // specified, so the same seed could give another order elsewhere.
      for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[static_cast<std::size_t>(generator() % i)]);
    }
    for (int c : order) schedule.push_back(ScheduledRun{c, round});
  }
  return schedule;
}

std::vector<ConfigSeries> MakeConfigSeries(
    const std::vector<std::pair<std::string, std::string>>& configs, const LaunchSpec& like,
    const SeriesMetadata& metadata, const std::vector<std::string>& metric_columns,
    const ResultsCsvWriter& csv) {
  std::vector<ConfigSeries> series;
  for (const auto& [name, command] : configs) {
    LaunchSpec spec = like;
    spec.path = "/bin/sh";
    spec.argv = {"sh", "-c", command};
    spec.cpus.clear();
    ConfigSeries c;
    c.name = name;
    c.option = "--config " + name;
    c.command = std::make_unique<ChildLauncher>(std::move(spec));
    c.rows = std::make_unique<ResultsRowFormatter>(name, metadata, metric_columns);
    c.last_run = csv.LastRun(name);
    series.push_back(std::move(c));
  }
  return series;
}

}  // namespace timeit
