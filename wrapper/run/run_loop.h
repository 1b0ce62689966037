#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrapper/process/child_launcher.h"
#include "wrapper/process/series_cgroup.h"
#include "wrapper/process/signal_forwarder.h"
#include "wrapper/results/results_csv_writer.h"
#include "wrapper/results/results_row.h"
#include "wrapper/run/command_output.h"
#include "wrapper/run/config_series.h"
#include "wrapper/run/machine_notes.h"
#include "wrapper/run/progress_line.h"
#include "wrapper/run/run_options.h"
#include "wrapper/run/run_summary.h"
#include "wrapper/run/stop_rule.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// What a series is made of, built by the run mode before the first run
/// (with designated initialisers: every field by name).
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
  /// Each run's own cgroup below this one; null where there is none.
  SeriesCgroup* cgroup = nullptr;
  /// The notes about the machine the terminal has had; null: say them all.
  MachineNotes* machine_notes = nullptr;
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
  /// One run of the series, before it starts.
  struct PlannedRun {
    int index = 0;                   ///< position in the series, 0-based
    ConfigSeries* config = nullptr;  ///< its configuration; null in a plain series
    int number = 0;                  ///< the `run` cell
    bool warmup = false;
    RunRole role = RunRole::kEvery;
  };
  /// The measured command's run, reaped.
  struct Measured {
    RunExit exit;
    bool timed_out = false;
    int leftovers = 0;                ///< processes of the command's group killed after it exited
    std::vector<std::string> killed;  ///< what was left in the run's cgroup, killed
    std::vector<std::string> kept;    ///< the same, kept by --keep-daemons
  };

  Step MeasureOne(int index, int& exit_status);
  /// The metric columns only counting runs give (CountingRunColumns); a
  /// series has counting runs when there is one.
  void FindCountingColumns();
  /// What the summary and the stop rule take of a run: a counting run's
  /// counting-run columns alone; all of any other run.
  const MetricValues& ValuesToSummarise(const PlannedRun& run);
  /// Measured runs per configuration: -n and the counting runs.
  int MeasuredRuns() const;
  /// Whether --target-ci may end the series after run `index`: not before
  /// the last counting run.
  bool MayStopAfter(int index, int total) const;
  PlannedRun Plan(int index) const;
  /// --config's command, then --prepare; false when one failed.
  bool RunHelpersBefore(const PlannedRun& run);
  ProgressPoint Where(const PlannedRun& run) const;
  /// Starts the command held, lets the sources attach, releases it, waits
  /// for its tree and sweeps what is left. nullopt when there is no run to
  /// record: a signal came first, or the command could not be executed
  /// (then `exit_status` is 127).
  std::optional<Measured> LaunchAndReap(ChildLauncher& command, int& exit_status);
  /// The run's measured command and helpers: its set's own, or the series'.
  ChildLauncher& CommandOf(const PlannedRun& run) const;
  ChildLauncher* PrepareOf(const PlannedRun& run) const;
  ChildLauncher* CleanupOf(const PlannedRun& run) const;
  /// After the command was reaped: what is left of its tree (its process
  /// group, its cgroup) killed and reaped, or with --keep-daemons kept.
  void SweepLeftovers(pid_t pid, Measured& m);
  /// The sources' values and notes for the row.
  void Collect(const PlannedRun& run, const Measured& m);
  /// The note about what outlived the run, printed the first time only.
  void NoteLeftovers(const PlannedRun& run, const Measured& m);
  /// Removes the run's cgroup once the sources have read it.
  void EndRunCgroup();
  /// The CSV row, the summary, the stop rule's values, the progress line.
  void Record(const PlannedRun& run, const Measured& m);
  /// A failed run stops the series unless --ignore-failure; then --cleanup.
  Step AfterRun(const PlannedRun& run, const Measured& m, int& exit_status);
  /// "the finished runs are in FILE", or, when none finished, that no file
  /// was left (it is removed).
  std::string WhereTheRunsAre();
  /// Removes the results file when this series created it and no run
  /// finished, and says so (unless a message above already did).
  void RemoveEmptyResults();
  /// A helper shell command; false (after saying so) when it failed.
  bool RunHelper(ChildLauncher* helper, const char* option, int run);
  /// Prints the sources' new notes once and keeps them for the notes cell.
  void PrintNotes(int run);
  void Say(const std::string& line);

  SeriesParts& p_;
  MetricValues values_;
  MetricValues summarised_;          ///< a counting run's values for the summary
  std::vector<bool> counting_only_;  ///< per metric column: given by counting runs alone
  int counting_runs_ = 0;            ///< per configuration (CountingRunsOf); 0: none
  int counting_done_ = 0;            ///< counting runs measured, of every configuration
  std::string notes_;
  bool leftovers_reported_ = false;
  bool cgroup_removal_reported_ = false;
  /// Measured runs that failed: in the CSV, not in the summary or the stop
  /// rule, as timeit compare leaves them out.
  int failed_measured_runs_ = 0;
  bool hold_before_exec_ = false;  ///< some source attaches before exec
  struct timespec series_start_ {};
  struct timespec start_utc_ {};  ///< of the current run, for its row
};

}  // namespace timeit
