#include "wrapper/run/run_command.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <optional>

#include "platforms/machine.h"
#include "platforms/system_roots.h"
#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"
#include "wrapper/base/version.h"
#include "wrapper/check/condition_checks.h"
#include "wrapper/process/process_tree.h"
#include "wrapper/results/series_metadata.h"
#include "wrapper/run/run_loop.h"
#include "wrapper/run/run_options.h"
#include "wrapper/run/series_comparison.h"
#include "wrapper/run/sources.h"
#include "wrapper/run/stop_rule.h"

namespace timeit {
namespace {

/// timeit-YYYYmmdd-HHMMSS.csv, or with -2, -3, ... when that file exists:
/// without -o, a series starts a file of its own and never joins another
/// series of the same second (the steps of `git bisect run` follow fast).
std::string DefaultFileName() {
  const std::time_t now = std::time(nullptr);
  struct tm t {};
  localtime_r(&now, &t);
  char stem[64];
  std::strftime(stem, sizeof stem, "timeit-%Y%m%d-%H%M%S", &t);
  std::string name = std::string(stem) + ".csv";
  for (int i = 2; std::filesystem::exists(name); ++i)
    name = std::string(stem) + "-" + std::to_string(i) + ".csv";
  return name;
}

/// The output file's stem; with -o - the command's name ("shell" for --shell).
std::string DefaultLabel(const std::string& csv_path, const RunOptions& o) {
  if (csv_path != "-") return std::filesystem::path(csv_path).stem().string();
  if (o.shell) return "shell";
  return std::filesystem::path(o.command.front()).filename().string();
}

/// One line when `timeit check` would warn about a condition, naming them:
/// once per machine state (the boot and these names, MachineNotes).
void WarnAboutConditions(const platforms::Conditions& conditions, MachineNotes& said) {
  const std::vector<std::string> noisy = WarningNames(CheckConditions(conditions));
  if (noisy.empty()) return;
  std::string names;
  for (const std::string& n : noisy) names += (names.empty() ? "" : ", ") + n;
  const std::string line = fmt::format("{} condition{} may add noise ({}); see `timeit check`",
                                       noisy.size(), noisy.size() == 1 ? "" : "s", names);
  if (said.FirstTime(line)) std::fprintf(stderr, "timeit: %s\n", line.c_str());
}

bool ShowProgress(const RunOptions& o) {
  switch (o.progress) {
    case ProgressMode::kBar:
      return true;
    case ProgressMode::kNone:
      return false;
    case ProgressMode::kAuto:
      return !o.quiet && ::isatty(STDERR_FILENO) == 1;
  }
  return false;
}

/// The measured command: resolved on PATH (or /bin/sh for --shell), with
/// its CPU affinity checked against this machine. With sets of their own
/// commands, every one is resolved here, before the results file exists;
/// the first is the series' own.
LaunchSpec CommandSpec(const RunOptions& o) {
  LaunchSpec like;
  like.cpus = o.cpus;
  for (const SeriesSet& s : o.sets)
    if (!s.command.empty()) MeasuredSpec(s.command, s.shell, like);
  const bool first_set = o.command.empty() && !o.sets.empty();
  LaunchSpec spec = first_set ? MeasuredSpec(o.sets.front().command, o.sets.front().shell, like)
                              : MeasuredSpec(o.command, o.shell, like);
  const long cpus_here = ::sysconf(_SC_NPROCESSORS_CONF);
  for (const int cpu : o.cpus)
    if (cpus_here > 0 && cpu >= cpus_here)
      throw UsageError("--cpus: CPU " + std::to_string(cpu) +
                       " does not exist (this machine has 0-" + std::to_string(cpus_here - 1) +
                       ")");
  return spec;
}

std::vector<std::string> MetricColumns(
    const std::vector<std::unique_ptr<MeasurementSource>>& sources) {
  std::vector<std::string> columns;
  for (const auto& s : sources)
    for (std::string& c : s->Columns()) columns.push_back(std::move(c));
  return columns;
}

/// --label, the output file's stem, or with sets their names joined.
std::string SeriesLabel(const RunOptions& o, const std::string& csv_path) {
  if (o.sets.empty()) return o.label.empty() ? DefaultLabel(csv_path, o) : o.label;
  std::string label;
  for (const SeriesSet& s : o.sets) label += (label.empty() ? "" : ", ") + s.name;
  return label;
}

SeriesMetadata Metadata(const RunOptions& o, const platforms::Machine& machine,
                        const std::vector<std::unique_ptr<MeasurementSource>>& sources) {
  SeriesMetadata metadata = GatherSeriesMetadata(machine, o.command, o.shell);
  metadata.conditions.boot_method = o.boot_method;
  for (const auto& s : sources)
    for (const std::string& m : s->HigherIsBetter())
      metadata.higher_is_better += (metadata.higher_is_better.empty() ? "" : " ") + m;
  for (const auto& s : sources) metadata.counting_runs |= !s->CountingRunColumns().empty();
  return metadata;
}

/// A series appended to runs of its label that ran another command would
/// be compared as one set with them: refused before the first run, unless
/// --append-any. Nothing is written to the file before.
void RefuseAnotherCommand(const ResultsCsvWriter& csv, const std::string& csv_path,
                          const RunOptions& o, const SeriesMetadata& metadata,
                          const std::string& label) {
  if (o.append_any || !csv.appending()) return;
  // Each set (--config, --command, a scan's value) by its own label and
  // command line; a plain series by its label.
  std::vector<std::pair<std::string, std::string>> labelled;
  for (const SeriesSet& s : o.sets) {
    const std::string own = CommandLineOf(s);
    labelled.emplace_back(s.name, own.empty() ? metadata.command : CommandCell(own));
  }
  if (labelled.empty()) labelled.emplace_back(label, metadata.command);
  for (const auto& [l, command] : labelled) {
    const std::vector<std::string> before = csv.CommandsOf(l);
    if (before.empty() || std::find(before.begin(), before.end(), command) != before.end())
      continue;
    throw UsageError(fmt::format(
        "{}: its runs labelled {} ran {}, this series runs {}: give it a set of its own with "
        "--label NAME, or --append-any to add it to {} all the same",
        csv_path, QuoteForMessage(l), QuoteForMessage(before.back()), QuoteForMessage(command),
        QuoteForMessage(l)));
  }
}

/// Opens (or appends to) the results file and says so.
/// A file of an earlier timeit keeps its header: `rows` then follow it.
ResultsCsvWriter OpenResults(const std::string& csv_path, ResultsRowFormatter& rows,
                             const RunOptions& o, const SeriesMetadata& metadata) {
  std::vector<std::string> warnings;
  ResultsCsvWriter csv(csv_path, rows.columns(), warnings);
  rows.UseFileColumns(csv.columns());
  const std::string& label = rows.label();
  RefuseAnotherCommand(csv, csv_path, o, metadata, label);
  for (const std::string& w : warnings) std::fprintf(stderr, "timeit: %s\n", w.c_str());
  if (o.quiet || csv_path == "-") return csv;
  if (csv.appending() && !o.sets.empty())  // each configuration continues its own numbering
    std::fprintf(stderr, "timeit: appending runs to %s (labels %s)\n", csv_path.c_str(),
                 label.c_str());
  else if (csv.appending())
    std::fprintf(stderr, "timeit: appending runs to %s (label %s, from run %d)\n", csv_path.c_str(),
                 label.c_str(), csv.LastRun(label) + 1);
  else
    std::fprintf(stderr, "timeit: recording runs in %s (label %s)\n", csv_path.c_str(),
                 label.c_str());
  return csv;
}

std::vector<MeasurementSource*> OutputReaders(
    const std::vector<std::unique_ptr<MeasurementSource>>& sources) {
  std::vector<MeasurementSource*> readers;
  for (const auto& s : sources)
    if (s->ReadsOutput()) readers.push_back(s.get());
  return readers;
}

/// Points `spec` (the helpers' and, below, the command's) at the output
/// sink. The command leads its own process group, which may not read the
/// terminal (it would be stopped by SIGTTIN): it gets /dev/null instead,
/// kept open by the returned descriptor.
platforms::UniqueFd ConnectOutput(LaunchSpec& spec, const CommandOutputSink& output) {
  spec.stdout_fd = output.stdout_fd();
  spec.stderr_fd = output.stderr_fd();
  platforms::UniqueFd null_input;
  if (::isatty(STDIN_FILENO) == 1) {
    null_input.Reset(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    spec.stdin_fd = null_input.get();
  }
  return null_input;
}

/// The measured command writes where the output sink's tap reads (when a
/// source reads the output); the helpers' output never reaches a source.
LaunchSpec MeasuredCommandSpec(const LaunchSpec& spec, const CommandOutputSink& output) {
  LaunchSpec command_spec = spec;
  command_spec.stdout_fd = output.command_stdout_fd();
  command_spec.stderr_fd = output.command_stderr_fd();
  return command_spec;
}

/// --config, --command, a parameter: the sets and the order of their runs.
void Interleave(SeriesParts& parts, const LaunchSpec& spec, const SeriesMetadata& metadata,
                const std::vector<std::string>& metric_columns, const ResultsCsvWriter& csv) {
  const RunOptions& o = parts.options;
  parts.configs =
      MakeConfigSeries(o.sets, spec, parts.command.spec(), metadata, metric_columns, csv);
  for (ConfigSeries& c : parts.configs) c.rows->UseFileColumns(csv.columns());
  const std::uint64_t seed = o.seed_given ? o.seed : static_cast<std::uint64_t>(std::time(nullptr));
  if (o.random_order && !o.seed_given && !o.quiet)
    std::fprintf(stderr, "timeit: random order with --seed %llu\n",
                 static_cast<unsigned long long>(seed));
  // Each set's counting runs are among its measured runs (the run loop
  // tells them apart by their index, RoleAt).
  const int counting = metadata.counting_runs ? CountingRunsOf(o.runs, o.counting_runs) : 0;
  parts.schedule = InterleavedSchedule(static_cast<int>(o.sets.size()), o.warmup, o.runs + counting,
                                       o.random_order, seed);
}

/// --target-ci: the rule that may end the series early; checked before the
/// results file is opened, so that a wrong metric name leaves no file. It
/// never stops before two runs of each --rotate group, so that every metric
/// has an interval.
std::optional<StopRule> AdaptiveStop(const RunOptions& o,
                                     const std::vector<std::unique_ptr<MeasurementSource>>& sources,
                                     const std::vector<std::string>& metric_columns) {
  if (!o.target_ci) return std::nullopt;
  const auto column = std::find(metric_columns.begin(), metric_columns.end(), o.target_ci->metric);
  if (column == metric_columns.end())
    throw UsageError("--target-ci: no metric '" + o.target_ci->metric + "' in this series" +
                     DidYouMean(o.target_ci->metric, metric_columns) +
                     "; there are: " + fmt::format("{}", fmt::join(metric_columns, ", ")));
  for (const auto& s : sources)
    for (const std::string& c : s->CountingRunColumns())
      if (c == o.target_ci->metric)
        throw UsageError("--target-ci: " + c +
                         " is counted in counting runs of their own, whose number is fixed "
                         "(--counting-runs): target a timed metric, or add --count-in-every-run");
  int cycle = 1;
  for (const auto& s : sources) cycle = std::max(cycle, s->RunsForEveryColumn());
  return StopRule(*o.target_ci, std::min(std::max(o.min_runs, 2 * cycle), o.runs),
                  static_cast<std::size_t>(column - metric_columns.begin()),
                  std::max<std::size_t>(1, o.sets.size()));
}

}  // namespace

int RunMain(int argc, char** argv) { return RunMain(ParseRunOptions(argc, argv)); }

int RunMain(const RunOptions& o) {
  if (o.help) {
    std::fputs(RunUsage().c_str(), stdout);
    return kExitOk;
  }
  if (o.version) {
    std::fputs(kVersionLine, stdout);
    return kExitOk;
  }
  return RunSeries(o);
}

int RunSeries(const RunOptions& o) {
  LaunchSpec spec = CommandSpec(o);
  CgroupOffer offer;
  const std::unique_ptr<SeriesCgroup> cgroup = MakeSeriesCgroup(o, offer);
  // The machine, read once: the sources, the metadata and the conditions
  // all describe this one.
  const platforms::Machine machine =
      platforms::ReadMachine(platforms::SystemRootsFromEnvironment());
  std::vector<std::unique_ptr<MeasurementSource>> sources = BuildSources(o, offer, machine);
  const std::vector<std::string> metric_columns = MetricColumns(sources);
  const std::string csv_path = o.output.empty() ? DefaultFileName() : o.output;
  const bool csv_on_stdout = csv_path == "-";
  CheckSeriesComparison(o, csv_path, metric_columns);
  const SeriesMetadata metadata = Metadata(o, machine, sources);
  ResultsRowFormatter rows(SeriesLabel(o, csv_path), metadata, metric_columns);
  std::optional<StopRule> stop = AdaptiveStop(o, sources, metric_columns);
  AddProfileSource(o, csv_path, metadata, machine, sources);
  ResultsCsvWriter csv = OpenResults(csv_path, rows, o, metadata);
  MachineNotes machine_notes(metadata.conditions.boot_id, MachineNotes::DefaultFolder());
  if (!o.quiet) WarnAboutConditions(metadata.conditions, machine_notes);
  if (!o.quiet && metadata.command_bytes > metadata.command.size())
    std::fprintf(stderr,
                 "timeit: the command line is %zu bytes; the CSV's command cell keeps the first "
                 "%zu KiB, so that every CSV reader can read it\n",
                 metadata.command_bytes, kCommandCellBytes / 1024);

  CommandOutputSink output(o, csv_on_stdout, OutputReaders(sources));
  const platforms::UniqueFd null_input = ConnectOutput(spec, output);
  // wait4 needs SIGCHLD not ignored (a parent may have left it ignored:
  // then children are reaped by the kernel and wait4 fails with ECHILD).
  ::signal(SIGCHLD, SIG_DFL);
  SignalForwarder signals;
  spec.reset_signals = signals.handled();
  BecomeSubreaper();

  ChildLauncher command(MeasuredCommandSpec(spec, output));
  ProgressLine progress(ShowProgress(o), output.inherits());
  RunSummary summary(metric_columns, o.runs, o.all_metrics);
  SeriesParts parts{.options = o,
                    .sources = sources,
                    .csv = csv,
                    .rows = rows,
                    .output = output,
                    .progress = progress,
                    .summary = summary,
                    .signals = signals,
                    .command = command,
                    .setup = ShellLauncher(o.setup, spec),
                    .prepare = ShellLauncher(o.prepare, spec),
                    .cleanup = ShellLauncher(o.cleanup, spec),
                    .teardown = ShellLauncher(o.teardown, spec),
                    .csv_name = csv_on_stdout ? std::string("stdout") : csv_path,
                    .report = csv_on_stdout ? stderr : stdout,
                    .stop = stop ? &*stop : nullptr,
                    .cgroup = cgroup.get(),
                    .machine_notes = &machine_notes};
  if (!o.sets.empty()) Interleave(parts, spec, metadata, metric_columns, csv);
  std::fflush(stdout);
  const int status = RunLoop(parts).Run();
  if (status == kExitCommandFailed && o.bisect) {
    // A commit that does not build or run cannot be judged: git bisect skips it.
    std::fprintf(parts.report,
                 "bisect: skip (exit %d): the command failed, so this commit "
                 "cannot be measured\n",
                 kExitBisectSkip);
    return kExitBisectSkip;
  }
  if (status != kExitOk) return status;
  return PrintSeriesComparison(o, csv_path, parts.report);
}

}  // namespace timeit
