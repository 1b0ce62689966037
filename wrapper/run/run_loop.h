#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrapper/process/child_launcher.h"
#include "wrapper/process/signal_forwarder.h"
#include "wrapper/results/results_csv_writer.h"
#include "wrapper/results/results_row.h"
#include "wrapper/run/command_output.h"
#include "wrapper/run/config_series.h"
#include "wrapper/run/progress_line.h"
#include "wrapper/run/run_options.h"
#include "wrapper/run/run_summary.h"
#include "wrapper/run/stop_rule.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// What a series is made of, built by the run mode before the first run.
struct SeriesParts {
  const RunOptions& options;
  std::vector<std::unique_ptr<MeasurementSource>>& sources;
  ResultsCsvWriter& csv;
  ResultsRowFormatter& rows;
  CommandOutputSink& output;
  ProgressLine& progress;
  RunSummary& summary;
  SignalForwarder& signals;
  ChildLauncher& command;
  /// --setup, --prepare, --cleanup, --teardown through /bin/sh -c; null when not given.
  std::unique_ptr<ChildLauncher> setup, prepare, cleanup, teardown;
  std::string csv_name;        ///< the results file as the user named it
  std::FILE* report = stderr;  ///< where the summary goes
  /// --config: the configurations and the interleaved order of their runs
  /// (see config_series.h); empty for a plain series.
  std::vector<ConfigSeries> configs = {};
  std::vector<ScheduledRun> schedule = {};
  /// --target-ci: when the series may stop early; null for a fixed -n.
  StopRule* stop = nullptr;
};

/// Runs the series: setup; then per run prepare, the measured run, cleanup;
/// then teardown. Every finished run becomes a CSV row at once. Returns the
/// exit status: 0, 1 (the command or a helper command failed), 127 (the
/// command cannot be executed), 128+N (timeit got signal N).
class RunLoop {
 public:
  explicit RunLoop(SeriesParts& parts) : p_(parts) {}
  int Run();

 private:
  enum class Step { kNext, kStop };
  Step MeasureOne(int index, int total, int& exit_status);
  /// A helper shell command; false (after saying so) when it failed.
  bool RunHelper(ChildLauncher* helper, const char* option, int run);
  /// Prints the sources' new notes once and keeps them for the notes cell.
  void PrintNotes(int run);
  void Say(const std::string& line);

  SeriesParts& p_;
  MetricValues values_;
  std::string notes_;
  bool leftovers_reported_ = false;
  int failed_runs_ = 0;
  bool hold_before_exec_ = false;  ///< some source attaches before exec
  struct timespec series_start_ {};
};

}  // namespace timeit
