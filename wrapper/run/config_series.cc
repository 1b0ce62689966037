#include "wrapper/run/config_series.h"

#include <algorithm>
#include <optional>
#include <random>

#include "wrapper/base/errors.h"
#include "wrapper/results/series_metadata.h"

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

LaunchSpec MeasuredSpec(const std::vector<std::string>& command, bool shell, LaunchSpec like) {
  like.argv = shell ? std::vector<std::string>{"sh", "-c", command.front()} : command;
  const std::optional<std::string> path = shell ? "/bin/sh" : ResolveCommand(command.front());
  if (!path) {
    // hyperfine runs its command through a shell: 'sleep 0.1' as one word
    // is that habit.
    const bool line = command.front().find(' ') != std::string::npos;
    throw Error(command.front() + ": command not found" +
                    (line ? " (a whole command line in one word: --shell runs it through /bin/sh "
                            "-c, as hyperfine does)"
                          : ""),
                kExitNotFound);
  }
  like.path = *path;
  return like;
}

std::unique_ptr<ChildLauncher> ShellLauncher(const std::string& command, const LaunchSpec& like) {
  if (command.empty()) return nullptr;
  LaunchSpec spec = like;
  spec.path = "/bin/sh";
  spec.argv = {"sh", "-c", command};
  spec.cpus.clear();
  return std::make_unique<ChildLauncher>(std::move(spec));
}

std::vector<ConfigSeries> MakeConfigSeries(const std::vector<SeriesSet>& sets,
                                           const LaunchSpec& helper_like,
                                           const LaunchSpec& measured_like,
                                           const SeriesMetadata& metadata,
                                           const std::vector<std::string>& metric_columns,
                                           const ResultsCsvWriter& csv) {
  std::vector<ConfigSeries> series;
  for (const SeriesSet& set : sets) {
    ConfigSeries c;
    c.name = set.name;
    c.option = set.option;
    c.command = ShellLauncher(set.before, helper_like);
    SeriesMetadata own = metadata;
    if (!set.command.empty()) {
      c.measured =
          std::make_unique<ChildLauncher>(MeasuredSpec(set.command, set.shell, measured_like));
      const std::string line = CommandLineOf(set);
      own.command = CommandCell(line);
      own.command_bytes = line.size();
    }
    c.own_helpers = set.own_helpers;
    if (set.own_helpers) {
      c.prepare = ShellLauncher(set.prepare, helper_like);
      c.cleanup = ShellLauncher(set.cleanup, helper_like);
    }
    c.rows = std::make_unique<ResultsRowFormatter>(set.name, own, metric_columns);
    c.last_run = csv.LastRun(set.name);
    series.push_back(std::move(c));
  }
  return series;
}

}  // namespace timeit
