#include "wrapper/run/config_series.h"

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <random>

#include "wrapper/base/errors.h"
#include "wrapper/results/results_csv_reader.h"

namespace timeit {
namespace {

/// The highest run number `csv_path` holds for `label`; 0 for a new file.
int LastRunOf(const std::string& csv_path, const std::string& label) {
  struct stat st {};
  if (csv_path == "-" || ::stat(csv_path.c_str(), &st) != 0 || st.st_size == 0) return 0;
  std::vector<std::string> ignored;  // the writer reports a partial last line itself
  const ResultsTable t = ReadResultsCsv(csv_path, &ignored);
  const auto label_column = t.Column("label"), run_column = t.Column("run");
  if (!label_column || !run_column) return 0;
  int last = 0;
  for (const auto& row : t.rows) {
    int run = 0;
    const std::string& cell = row[*run_column];
    std::from_chars(cell.data(), cell.data() + cell.size(), run);
    if (row[*label_column] == label) last = std::max(last, run);
  }
  return last;
}

}  // namespace

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
    const std::string& csv_path) {
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
    c.last_run = LastRunOf(csv_path, name);
    series.push_back(std::move(c));
  }
  return series;
}

void CheckConfigOptions(const std::string& order, const std::string& seed, RunOptions& o) {
  if (o.configs.empty()) {
    if (!order.empty() || !seed.empty()) throw UsageError("--order and --seed go with --config");
    return;
  }
  if (o.configs.size() < 2 || o.configs.size() > 7)
    throw UsageError("--config: give 2 to 7 configurations, not " +
                     std::to_string(o.configs.size()));
  for (std::size_t i = 0; i < o.configs.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (o.configs[i].first == o.configs[j].first)
        throw UsageError("--config: the name '" + o.configs[i].first + "' is given twice");
  if (!o.label.empty())
    throw UsageError("--label and --config: the configurations' names are the labels");
  if (order == "random") {
    o.random_order = true;
  } else if (!order.empty() && order != "alternate") {
    throw UsageError("--order: expected alternate or random, got '" + order + "'");
  }
  if (!seed.empty()) {
    const auto [p, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), o.seed);
    if (ec != std::errc() || p != seed.data() + seed.size())
      throw UsageError("--seed: expected a non-negative integer, got '" + seed + "'");
    if (!o.random_order) throw UsageError("--seed goes with --order random");
    o.seed_given = true;
  }
}

std::pair<std::string, std::string> ParseConfigOption(const std::string& value) {
  const std::size_t eq = value.find('=');
  if (eq == std::string::npos)
    throw UsageError("--config: expected NAME='shell command', got '" + value + "'");
  std::string name = value.substr(0, eq);
  if (name.empty() || name.find_first_of(",\"\r\n") != std::string::npos)
    throw UsageError("--config: the NAME before '=' must be a non-empty word, got '" + name + "'");
  return {std::move(name), value.substr(eq + 1)};
}

}  // namespace timeit
