#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "stats/verdict.h"
#include "wrapper/base/option_word.h"
#include "wrapper/compare/verdicts/judge.h"
#include "wrapper/run/counting_schedule.h"
#include "wrapper/run/series_sets.h"
#include "wrapper/sources/counting_mode.h"
#include "wrapper/sources/output_metric_source.h"

namespace timeit {

/// Where the measured command's stdout and stderr go.
enum class CommandOutput {
  kInherit,  ///< timeit's own stdout/stderr (a build's errors stay visible)
  kNull,     ///< stdout discarded; stderr kept aside and shown if a run fails
  kFile,     ///< both appended to `command_output_file`; its tail shown if a run fails
};

enum class ProgressMode { kAuto, kBar, kNone };

/// --target-ci PCT[:METRIC]: stop a series once the mean is known well
/// enough (wrapper/run/stop_rule.h).
struct TargetCi {
  double percent = 0;           ///< half-width of the 95% interval, in % of the mean
  std::string metric = "real";  ///< a column of the results CSV
};

/// Everything `timeit [options] [--] COMMAND [ARGS...]` was asked to do.
struct RunOptions {
  int runs = 10;
  int warmup = 1;
  std::string output;  ///< CSV path; "-" is stdout; empty: timeit-YYYYmmdd-HHMMSS.csv
  std::string label;   ///< empty: the output file's stem
  /// --append-any: rows of another command may join a label's runs in -o's file
  bool append_any = false;
  std::string prepare, cleanup, setup, teardown;  ///< shell commands; empty: none
  bool ignore_failure = false;
  std::vector<int> cpus;          ///< CPU affinity of the command; empty: unchanged
  std::optional<double> timeout;  ///< seconds per run
  CommandOutput command_output = CommandOutput::kInherit;
  std::string command_output_file;
  bool quiet = false;
  ProgressMode progress = ProgressMode::kAuto;
  bool shell = false;               ///< run the command through /bin/sh -c
  std::vector<std::string> events;  ///< -e words, split at commas, in order
  bool no_counters = false;
  /// --metric NAME=REGEX[,higher|lower], in order (the regexes are compiled
  /// by BuildSources)
  std::vector<OutputMetricSpec> output_metrics;
  bool force_events = false;  ///< count events the PMU's own list lacks (a silent 0 possible)
  /// --rotate: hardware events that do not fit the PMU at once are counted
  /// exactly in groups, one group a run, instead of multiplexed.
  bool rotate = false;
  /// --count-in-every-run: the counters with a cost per event are counted
  /// in every run, timed ones included, not in counting runs of their own.
  bool count_in_every_run = false;
  /// --counting-runs K: the runs that count those counters, beside the -n
  /// timing runs that leave them out (CountingRunsOf caps it at -n).
  int counting_runs = kDefaultCountingRuns;
  /// --profile[=HZ]: sample every run's tree at HZ (0: not profiled) into
  /// the sidecar X.profile.csv; --profile-callers adds call chains.
  int profile_hz = 0;
  bool profile_callers = false;
  CountBy count_by = CountBy::kAuto;       ///< --count-by inherit|cgroup
  std::vector<std::string> count_cgroups;  ///< --count-cgroup PATH, repeatable
  std::vector<int> count_pids;             ///< --count-pid PID, repeatable
  bool no_cgroup = false;     ///< --no-cgroup: runs in timeit's own cgroup, as before cgroups
  bool keep_daemons = false;  ///< --keep-daemons: what outlives a run is not killed
  bool no_mem_peak = false;   ///< --no-mem-peak: the runs' cgroups without the memory controller
  std::string baseline;       ///< --baseline FILE: compare the results with it afterwards
  /// --fail-on VERDICT,...: with --baseline or --config, exit 1 when the
  /// comparison gives such a verdict; --threshold as for compare
  std::vector<stats::Verdict> fail_on;
  double threshold_percent = 1;
  TestChoice test = TestChoice::kAuto;  ///< --test: as for compare
  /// -m/--compare-metrics LIST: the comparison afterwards shows and judges
  /// only these (compare's -m, the same letter), so a CI gate on real
  /// ignores nivcsw's noise
  std::vector<std::string> compare_metrics;
  std::string export_markdown;  ///< --export-markdown FILE: the comparison's summary, as compare
  /// --all-metrics: the summary (and a comparison afterwards) shows every
  /// metric, not only the times, the counters and other programs' figures
  bool all_metrics = false;
  /// --bisect: with --baseline, the comparison is one line and the exit
  /// status is `git bisect run`'s (compare/verdicts/bisect.h); a failed run is 125
  bool bisect = false;
  /// --target-ci: after min_runs measured runs, stop once the interval is
  /// that narrow; `runs` (-n or --max-runs) stays the most
  std::optional<TargetCi> target_ci;
  int min_runs = 5;
  /// --config NAME=CMD, in order: configurations run interleaved, CMD before each of NAME's runs
  std::vector<std::pair<std::string, std::string>> configs;
  /// --command NAME=CMD, in order: each its own set, CMD through /bin/sh -c
  std::vector<std::pair<std::string, std::string>> commands;
  /// Each --parameter-scan NAME MIN MAX, --parameter-step-size (of a single
  /// scan), each --parameter-list NAME a,b,c: together their product
  std::vector<std::vector<std::string>> parameter_scans;
  std::string parameter_step;
  std::vector<std::pair<std::string, std::string>> parameter_lists;
  /// The sets of an interleaved series (--config, --command or a parameter's
  /// values), in the order given; empty for a plain series. Made by
  /// ParseRunOptions; a single --command or value is a plain series instead.
  std::vector<SeriesSet> sets;
  bool random_order = false;  ///< --order random: configurations shuffled per round
  std::uint64_t seed = 0;     ///< --seed; without it a random order takes one from the clock
  bool seed_given = false;
  bool help = false;
  bool version = false;
  std::vector<std::string> command;  ///< the command and its arguments
  /// Not an option: how this boot happened, set by `timeit boots resume`
  /// for its series' boot_method column; empty otherwise.
  std::string boot_method;
  /// Not an option: a note on every row of the series (`timeit boots
  /// resume` says there which boot's series this one does again).
  std::string series_note;
  /// Not an option: every row is fsynced, and a new file's directory
  /// entry, not only those of runs over a second (`timeit boots`: the
  /// state counts a boot's rows, and a --next-boot that cuts the power
  /// must find them on the disk).
  bool durable_rows = false;
};

/// Parses the run mode's arguments (argv[0] is the program name). Option
/// parsing stops at the first word that is not an option or at `--`, so
/// `timeit -n 10 make -j64` passes -j64 to make. Throws UsageError; never
/// exits. A missing COMMAND is an error unless --help or --version is given.
RunOptions ParseRunOptions(int argc, const char* const* argv);

/// Parses --cpus, a CPU list such as "0-3,8,10-11" (platforms::ParseCpuList)
/// of CPUs below 1024. Throws UsageError.
std::vector<int> ParseCpuList(const std::string& text);

/// Parses one `--config` value, NAME=CMD. Throws UsageError for a missing
/// '=', an empty NAME or one with a comma, quote or line break.
std::pair<std::string, std::string> ParseConfigOption(const std::string& value);

/// ParseConfigOption for `option` (--config or --command, whose CMD may not be empty).
std::pair<std::string, std::string> ParseSetOption(const std::string& option,
                                                   const std::string& value);

/// The run mode's usage line, what it does, and its options.
std::string RunUsage();

/// The run mode's options alone, one per line, for `timeit --help`.
std::string RunOptionHelp();

/// The run mode's options' words, for `timeit completion`.
OptionWords RunOptionWords();

}  // namespace timeit
