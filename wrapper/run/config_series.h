#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "wrapper/process/child_launcher.h"
#include "wrapper/results/results_csv_writer.h"
#include "wrapper/results/results_row.h"
#include "wrapper/run/run_options.h"

namespace timeit {

/// One configuration of an interleaved A/B series, `--config NAME='CMD'`:
/// its shell command runs before each of its runs (not measured), and its
/// rows carry NAME in the label column.
struct ConfigSeries {
  std::string name;
  std::string option;                         ///< "--config NAME", as messages name it
  std::unique_ptr<ChildLauncher> command;     ///< /bin/sh -c CMD
  std::unique_ptr<ResultsRowFormatter> rows;  ///< label = name
  int last_run = 0;  ///< the highest run number an appended file already has for `name`
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

/// The configurations of `configs` (NAME, CMD pairs): launchers like
/// `like` but through /bin/sh, formatters of `metric_columns` with
/// `metadata`, and the run numbers `csv` already holds for each name, so
/// that appending continues the numbering.
std::vector<ConfigSeries> MakeConfigSeries(
    const std::vector<std::pair<std::string, std::string>>& configs, const LaunchSpec& like,
    const SeriesMetadata& metadata, const std::vector<std::string>& metric_columns,
    const ResultsCsvWriter& csv);

}  // namespace timeit
