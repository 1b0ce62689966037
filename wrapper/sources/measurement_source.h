#pragma once

#include <sys/types.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wrapper/process/run_exit.h"
#include "wrapper/results/metric_columns.h"

namespace timeit {

/// Which run is about to start, told to every source before its child is
/// forked.
struct RunInfo {
  int number = 0;  ///< the run's number in its series (the CSV's `run`), from 1
  bool warmup = false;
  std::string label;  ///< the row's label (its configuration's under --config)
  /// The run's own cgroup directory, made by now; -1 when runs have none.
  /// Without a hold the child execs as soon as it exists, so a count that
  /// must not miss the run's start is read here, before.
  int cgroup_fd = -1;
  /// Whether that cgroup was made for this run (its files count from 0), or
  /// is the last run's, kept (they count on from where that run ended).
  bool cgroup_fresh = true;
  RunRole role = RunRole::kEvery;
};

/// The longest line of the command's output a source is given: a longer
/// line is cut to its first kMaxOutputLine bytes (the rest is passed on to
/// the terminal or file but never held), so that memory stays bounded
/// whatever the command prints.
inline constexpr std::size_t kMaxOutputLine = 64 * 1024;

/// A plug-in of the run loop that measures each run. Resource usage from
/// wait4 is one, perf counters another; the run loop knows only this
/// interface, so adding a source never changes the loop.
class MeasurementSource {
 public:
  virtual ~MeasurementSource() = default;

  /// Metric columns this source adds to the CSV, fixed for the whole series.
  virtual std::vector<std::string> Columns() const = 0;

  /// Once before the first run: acquire what is kept across runs.
  virtual void BeginSeries() {}

  /// A run is about to start (before its child exists).
  virtual void BeforeRun(const RunInfo& /*run*/) {}

  /// The child exists, is blocked before exec, and is `pid`: attach to it.
  /// Per-event problems become notes and empty values, not exceptions.
  virtual void AttachBeforeExec(pid_t /*pid*/) {}

  /// Whether AttachBeforeExec does anything. Added with the run loop: when
  /// no source of a series attaches, the child is not stopped before exec
  /// (clone with CLONE_VFORK, as posix_spawn does), which saves a sleep and
  /// a wake-up per run. A source that overrides AttachBeforeExec keeps the
  /// default.
  virtual bool AttachesBeforeExec() const { return true; }

  /// Whether this source reads the command's output. Only then does the
  /// output go through a pipe that timeit reads and passes on (a tee): a
  /// series without such a source costs nothing more.
  virtual bool ReadsOutput() const { return false; }

  /// One line of the run's output, stdout or stderr, without its line end
  /// (and at most kMaxOutputLine bytes), in the order timeit read them.
  /// Called on the output reader's thread while a run is in flight; every
  /// line of a run has been given before Collect is called, and never
  /// concurrently with it. Should be quick and not allocate per line: a
  /// build prints millions of lines, and the command waits while it runs.
  virtual void OnOutputLine(std::string_view /*line*/) {}

  /// Metrics of Columns() that are better when higher: recorded in the CSV
  /// (the `higher_is_better` column) so that compare knows. Default: none;
  /// lower is better.
  virtual std::vector<std::string> HigherIsBetter() const { return {}; }

  /// The child has been reaped: append one value per Columns() entry.
  virtual void Collect(const RunExit& exit, MetricValues& out) = 0;

  /// The run's CSV row has been written (and fsynced when it is durable):
  /// a source that keeps per-run data in a file of its own beside the CSV
  /// (--profile's sidecar) writes it now, so that its file never holds a
  /// run the CSV lacks, whenever timeit is killed.
  virtual void AfterRowWritten(const RunInfo& /*run*/) {}

  /// Things the user must be told once (e.g. "cycles: not supported on this
  /// machine"); the run loop prints each new note once and records it.
  virtual std::vector<std::string> TakeNotes() { return {}; }

  /// Whether a note of TakeNotes' is also said on the terminal: one about
  /// what the user's own option turned off (--no-mem-peak) goes to the CSV
  /// alone.
  virtual bool Announce(const std::string& /*note*/) const { return true; }

  /// Whether a note of TakeNotes' is about the machine's state (a cgroup
  /// controller bound to v1, a kernel without PSI) rather than this series:
  /// the terminal has it once per machine state (run/machine_notes.h), the
  /// CSV every series.
  virtual bool OfMachine(const std::string& /*note*/) const { return false; }

  /// What this run's row must say of itself, every run, but that is not
  /// worth a line on the terminal each time (e.g. which --rotate group it
  /// counted); recorded in the row's notes after TakeNotes' notes.
  virtual std::vector<std::string> RowNotes() const { return {}; }

  /// How many consecutive runs it takes until every column of this source
  /// has had a value: 1, or under --rotate the number of groups. An
  /// adaptive series (--target-ci) runs at least two such cycles, so that
  /// every metric has an interval.
  virtual int RunsForEveryColumn() const { return 1; }

  /// Columns whose values only counting runs (RunRole::kCount) give: their
  /// counting costs the command per event, so timing runs leave them out,
  /// and of a counting run nothing else is the series'. Empty (the
  /// default): every column from every run, and no counting runs.
  virtual std::vector<std::string> CountingRunColumns() const { return {}; }

  /// After the last run: what the user must know about the series as a
  /// whole (e.g. "r08: no PMU counter in 3 of 10 runs"), printed before the
  /// summary.
  virtual std::vector<std::string> EndSeriesNotes() const { return {}; }
};

}  // namespace timeit
