#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "wrapper/process/child_launcher.h"
#include "wrapper/results/results_csv_writer.h"
#include "wrapper/results/results_row.h"
#include "wrapper/run/series_sets.h"

namespace timeit {

/// One set of an interleaved series (series_sets.h) as the run loop runs
/// it: its rows carry its name in the label column; --config's command runs
/// before each of its runs (not measured); a --command or a parameter's
/// value has its own measured command, and a parameter's value its own
/// --prepare and --cleanup.
struct ConfigSeries {
  std::string name;
  std::string option;                               ///< "--config NAME", as messages name it
  std::unique_ptr<ChildLauncher> command;           ///< --config's /bin/sh -c CMD; null: none
  std::unique_ptr<ChildLauncher> measured;          ///< its own measured command; null: the series'
  std::unique_ptr<ChildLauncher> prepare, cleanup;  ///< its own helpers; null: the series'
  bool own_helpers = false;  ///< prepare and cleanup replace the series' (null: none)
  std::unique_ptr<ResultsRowFormatter> rows;  ///< label = name
  int last_run = 0;          ///< the highest run number an appended file already has for `name`
  bool order_noted = false;  ///< its first row has said its place in the order given
};

/// One run of an interleaved series: which configuration, and its index
/// among that configuration's runs (warm-up runs first).
struct ScheduledRun {
  int config = 0;
  int index = 0;
};

/// The order of an interleaved series: `warmup + runs` rounds, each running
/// every configuration once, so that drift of the machine hits every
/// configuration alike and each one's warm-up comes first. In a round the
/// configurations go in the order given (A B A B ...), or with `random`, in
/// an order shuffled per round by a mt19937_64 seeded with `seed`, so that a
/// seed reproduces the order and every round stays balanced.
std::vector<ScheduledRun> InterleavedSchedule(int configs, int warmup, int runs, bool random,
                                              std::uint64_t seed);

/// The measured command `command` (one word for /bin/sh -c with `shell`)
/// as a launch like `like`: resolved on PATH. Throws Error (exit status
/// 127) when it is not found, with a hint to --shell for a whole command
/// line given as one word (hyperfine's habit: it runs a shell).
LaunchSpec MeasuredSpec(const std::vector<std::string>& command, bool shell, LaunchSpec like);

/// `command` through /bin/sh -c, launched as `like` but on any CPU (a
/// helper: --prepare, --cleanup, --config's CMD); null for an empty command.
std::unique_ptr<ChildLauncher> ShellLauncher(const std::string& command, const LaunchSpec& like);

/// The launchers of `sets`: helpers like `helper_like` but through /bin/sh,
/// measured commands like `measured_like` (MeasuredSpec), formatters of
/// `metric_columns` with `metadata` (the command cell each set's own), and
/// the run numbers `csv` already holds for each name, so that appending
/// continues the numbering.
std::vector<ConfigSeries> MakeConfigSeries(const std::vector<SeriesSet>& sets,
                                           const LaunchSpec& helper_like,
                                           const LaunchSpec& measured_like,
                                           const SeriesMetadata& metadata,
                                           const std::vector<std::string>& metric_columns,
                                           const ResultsCsvWriter& csv);

}  // namespace timeit
