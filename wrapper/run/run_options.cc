#include "wrapper/run/run_options.h"

#include <sched.h>

#include <algorithm>
#include <climits>
#include <string_view>

#include "platforms/cpu_list.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/option_parser.h"
#include "wrapper/compare/compare_options.h"
#include "wrapper/compare/sets/scan_labels.h"
#include "wrapper/run/parameter_scan.h"

namespace timeit {
namespace {

struct CommandOutputChoice {
  CommandOutput where = CommandOutput::kInherit;
  std::string file;
};

CommandOutputChoice ReadCommandOutput(const std::string& v) {
  if (v == "inherit") return {CommandOutput::kInherit, ""};
  if (v == "null") return {CommandOutput::kNull, ""};
  if (v.empty()) throw BadValue("--command-output", "inherit, null or a file name", v);
  return {CommandOutput::kFile, v};
}

ProgressMode ReadProgress(const std::string& v) {
  if (v == "auto") return ProgressMode::kAuto;
  if (v == "bar") return ProgressMode::kBar;
  if (v == "none") return ProgressMode::kNone;
  throw BadValue("--progress", "auto, bar or none", v);
}

bool ReadRandomOrder(const std::string& v) {
  if (v == "alternate") return false;
  if (v == "random") return true;
  throw BadValue("--order", "alternate or random", v);
}

std::string ReadLabel(const std::string& v) {
  if (v.find_first_of("\r\n") != std::string::npos)
    throw UsageError("--label: must be a single line");
  return v;
}

int ReadRuns(const std::string& v) { return WholeValue("-n/--runs", v, 1, "a positive integer"); }
int ReadCountingRuns(const std::string& v) {
  return WholeValue("--counting-runs", v, 1, "a positive integer");
}

int ReadWarmup(const std::string& v) {
  return WholeValue("-w/--warmup", v, 0, "a non-negative integer");
}

std::optional<double> ReadTimeout(const std::string& v) {
  return DoubleValue("--timeout", v, 0, "a positive number of seconds");
}

/// --profile=HZ: perf's own limit is kernel.perf_event_max_sample_rate
/// (100000 by default, lowered by the kernel when sampling costs too much).
int ReadProfileHz(const std::string& v) {
  return WholeValue("--profile", v, 1, "a sampling frequency in Hz from 1 to 100000", 100000);
}

std::uint64_t ReadSeed(const std::string& v) {
  return WholeValue<std::uint64_t>("--seed", v, 0, "a non-negative integer");
}

TargetCi ReadTargetCi(const std::string& v) {
  TargetCi t;
  const std::size_t colon = v.find(':');
  if (!ParseFinite(v.substr(0, colon), t.percent) || !(t.percent > 0))
    throw BadValue("--target-ci", "PCT[:METRIC], PCT a percentage above 0", v);
  if (colon != std::string::npos) {
    t.metric = v.substr(colon + 1);
    if (t.metric.empty()) throw BadValue("--target-ci", "a metric after ':'", v);
  }
  return t;
}

double ReadThreshold(const std::string& v) {
  double t = 0;
  if (!ParseFinite(v, t) || t < 0)
    throw BadValue("--threshold", "a percentage of the baseline mean, 0 or more (0: none)", v);
  return t;
}

CountBy ReadCountBy(const std::string& v) {
  if (v == "inherit") return CountBy::kInherit;
  if (v == "cgroup") return CountBy::kCgroup;
  throw BadValue("--count-by", "inherit or cgroup", v);
}

std::vector<int> ReadCountPid(const std::string& v) {
  return {WholeValue("--count-pid", v, 1, "a process id")};
}

std::vector<std::string> ReadCountCgroup(const std::string& v) {
  if (v.empty()) throw BadValue("--count-cgroup", "a cgroup v2 directory", v);
  return {v};
}

std::vector<std::pair<std::string, std::string>> ReadConfig(const std::string& v) {
  return {ParseSetOption("--config", v)};
}

std::vector<std::pair<std::string, std::string>> ReadCommand(const std::string& v) {
  return {ParseSetOption("--command", v)};
}

std::vector<OutputMetricSpec> ReadMetric(const std::string& v) { return {ParseOutputMetric(v)}; }

po::typed_value<std::string>* Text(std::string* target, const char* value_name) {
  return po::value<std::string>(target)->value_name(value_name);
}

/// The options, storing into `o`; `o` may be null for the help text only.
/// One statement per option, each value read and checked as it is parsed.
po::options_description MakeOptions(RunOptions* o) {
  static RunOptions ignored;
  if (o == nullptr) o = &ignored;
  po::options_description d;
  auto add = d.add_options();
  add("runs,n", Read(&o->runs, "N", ReadRuns), "measured runs (default 10)");
  add("warmup,w", Read(&o->warmup, "N", ReadWarmup),
      "warm-up runs before them, recorded but not summarised (default 1)");
  add("output,o", Text(&o->output, "FILE"),
      "results CSV; '-' is stdout (default timeit-YYYYmmdd-HHMMSS.csv)");
  add("label", Read(&o->label, "NAME", ReadLabel),
      "series label (default: the output file's stem)");
  add("append-any", po::bool_switch(&o->append_any),
      "append to runs of the same label in the output file even when they ran another command");
  add("prepare", Text(&o->prepare, "CMD"), "shell command before every run, not measured");
  add("cleanup", Text(&o->cleanup, "CMD"), "shell command after every run, not measured");
  add("setup", Text(&o->setup, "CMD"), "shell command once before the series");
  add("teardown", Text(&o->teardown, "CMD"), "shell command once after the series");
  add("ignore-failure", po::bool_switch(&o->ignore_failure), "keep going when the command fails");
  add("cpus", Read(&o->cpus, "LIST", ParseCpuList), "CPU affinity of the command, e.g. 0-3,8");
  add("timeout", Read(&o->timeout, "SECONDS", ReadTimeout),
      "kill a run after SECONDS (it counts as failed)");
  add("command-output",
      Read<CommandOutputChoice>(nullptr, "WHERE", ReadCommandOutput)
          ->then([o](const CommandOutputChoice& c) {
            o->command_output = c.where;
            o->command_output_file = c.file;
          }),
      "inherit (default), null (stdout dropped, stderr shown on failure) or a FILE");
  add("quiet,q", po::bool_switch(&o->quiet), "no announcements, progress or summary");
  add("progress", Read(&o->progress, "WHEN", ReadProgress),
      "auto (default: on a terminal), bar or none");
  add("shell", po::bool_switch(&o->shell), "run COMMAND through /bin/sh -c");
  add("events,e", ReadEach(&o->events, "LIST", SplitAtCommas),
      "counters to record, comma-separated; repeatable");
  add("no-counters", po::bool_switch(&o->no_counters), "record no performance counters");
  add("count-in-every-run", po::bool_switch(&o->count_in_every_run),
      "count the counters that cost the command per event (syscalls, page-faults, ...) in "
      "every run, as the timed runs, instead of in counting runs of their own");
  add("counting-runs", Read(&o->counting_runs, "K", ReadCountingRuns),
      "runs that count the counters which cost the command per event, alternating with the "
      "first timing runs (default 3, at most -n)");
  add("force-events", po::bool_switch(&o->force_events),
      "count hardware events the PMU's sysfs list says it does not implement");
  add("rotate", po::bool_switch(&o->rotate),
      "when the hardware events do not fit the PMU at once, count them in groups that do, "
      "one group a run in turn: exact counts, each in a share of the runs");
  add("profile",
      po::value<std::string>()->implicit_value("999")->value_name("HZ")->notifier(
          [o](const std::string& v) { o->profile_hz = ReadProfileHz(v); }),
      "sample each run's process tree at HZ (default 999) into a profile beside the CSV, "
      "X.profile.csv (as --profile=HZ: a separate word is the command)");
  add("profile-callers", po::bool_switch(&o->profile_callers),
      "with --profile: call chains too, and each function's time with what it calls");
  add("count-by", Read(&o->count_by, "HOW", ReadCountBy),
      "count the tree by inherit (events copied into every fork) or cgroup (per-CPU events on "
      "the run's cgroup); default: cgroup where it can be had");
  add("count-cgroup", ReadEach(&o->count_cgroups, "PATH", ReadCountCgroup),
      "also count the cgroup PATH (e.g. system.slice/mariadb.service) during each run, into "
      "columns of its own (syscalls@mariadb.service, ...); repeatable");
  add("count-pid", ReadEach(&o->count_pids, "PID", ReadCountPid),
      "also count the running process PID and its threads during each run (syscalls@COMM, "
      "...); repeatable");
  add("no-cgroup", po::bool_switch(&o->no_cgroup),
      "no cgroup per run: no mem-peak, psi-*, io-*, cgroup-* values, daemons left alone");
  add("no-mem-peak", po::bool_switch(&o->no_mem_peak),
      "no mem-peak column: each run's cgroup without the memory controller, kept from run to run "
      "before Linux 6.12 too, where a memory.peak needs a new cgroup per run");
  add("keep-daemons", po::bool_switch(&o->keep_daemons),
      "leave running what the command started outside its process group (setsid daemons); "
      "by default all that outlives a run is killed");
  add("metric", ReadEach(&o->output_metrics, "NAME=REGEX", ReadMetric),
      "a metric from the command's output: REGEX's first group in its last match; "
      "',higher' or ',lower' (the default) after REGEX says which is better; repeatable");
  add("baseline", Text(&o->baseline, "FILE"),
      "afterwards, compare the results with this earlier results CSV");
  add("fail-on",
      ReadEach(&o->fail_on, "VERDICT,...",
               [](const std::string& v) { return ParseFailOn("--fail-on", v); }),
      "with --baseline or sets (--config, --command, a scan): exit 1 when the comparison gives one "
      "of these verdicts "
      "(worse, inconclusive, ...; worse and better after Holm's correction over the metrics "
      "compared; see timeit compare --help)");
  add("threshold", Read(&o->threshold_percent, "PCT", ReadThreshold),
      "with --baseline or sets (--config, --command, a scan): changes within PCT% do not count "
      "(default 1; 0: none)");
  add("test",
      Read(&o->test, "TEST", [](const std::string& v) { return ParseTestChoice("--test", v); }),
      "with --baseline or sets (--config, --command, a scan): the test behind the verdicts, as for "
      "compare (auto, welch, "
      "student)");
  add("compare-metrics,m",
      ReadEach(&o->compare_metrics, "METRIC,...",
               [](const std::string& v) { return ParseMetricList("--compare-metrics", v); }),
      "with --baseline or sets (--config, --command, a scan): compare (and judge for --fail-on and "
      "--bisect) only these "
      "metrics, as compare -m");
  add("export-markdown", Text(&o->export_markdown, "FILE"),
      "with --baseline or sets (--config, --command, a scan): also write the comparison's summary "
      "as a Markdown table, "
      "as compare --export-markdown");
  add("all-metrics", po::bool_switch(&o->all_metrics),
      "the summary (and a comparison afterwards) shows every metric: also the resource usage "
      "beyond the times (maxrss, minflt, ...) and the run's cgroup (mem-peak, psi-*, ...), which "
      "the CSV always holds");
  add("bisect", po::bool_switch(&o->bisect),
      "with --baseline: one line, and the exit status git bisect run reads: 0 no metric is "
      "worse, 1 one is, 125 inconclusive or a condition differs (or the command failed), "
      "128 timeit failed");
  add("target-ci", Read(&o->target_ci, "PCT[:METRIC]", ReadTargetCi),
      "stop once the 95% confidence interval of METRIC's mean (default real) is within "
      "+/-PCT% of it, of every configuration with --config; -n is then the most runs");
  add("min-runs", Read(&o->min_runs, "N", ReadRuns),
      "with --target-ci: measured runs before the first look (default 5)");
  add("max-runs", Read(&o->runs, "N", ReadRuns), "with --target-ci: the most runs, as -n");
  add("config", ReadEach(&o->configs, "NAME=CMD", ReadConfig),
      "a configuration: CMD (shell) runs before each of its runs; several run interleaved, "
      "then compared");
  add("command", ReadEach(&o->commands, "NAME=CMD", ReadCommand),
      "a command to measure (plain words run directly, anything else through /bin/sh -c), its "
      "runs labelled NAME; several run "
      "interleaved, then compared (instead of COMMAND)");
  add("parameter-scan",
      ReadEachWords(&o->parameter_scans, "NAME MIN MAX", 3,
                    [](const std::vector<std::string>& words) { return words; }),
      "a set per value from MIN to MAX (by --parameter-step-size), each labelled NAME=VALUE, "
      "{NAME} replaced by the value in the command, --prepare and --cleanup; run interleaved, "
      "then compared; several parameters make a set per combination (a=1,b=x)");
  add("parameter-step-size", Text(&o->parameter_step, "STEP"),
      "of a single --parameter-scan (default 1)");
  add("parameter-list",
      ReadEachWords(&o->parameter_lists, "NAME VALUES", 2,
                    [](const std::vector<std::string>& words) {
                      return std::pair<std::string, std::string>(words[0], words[1]);
                    }),
      "as --parameter-scan, with the values given, comma-separated (a,b,c)");
  add("order", Read(&o->random_order, "ORDER", ReadRandomOrder),
      "of interleaved runs in each round: alternate (default) or random");
  add("seed", Read(&o->seed, "N", ReadSeed),
      "seed of --order random (default: from the clock, printed)");
  add("version", po::bool_switch(&o->version), "print the version");
  add("help,h", po::bool_switch(&o->help), "print this help");
  add("command-words", po::value(&o->command), "");  // positional: not in the help
  return d;
}

/// Names given twice, or too many sets for one comparison.
void CheckSetNames(const std::string& option, const std::vector<SeriesSet>& sets,
                   std::size_t fewest) {
  if (sets.size() < fewest || sets.size() > 7)
    throw UsageError(option + ": give " + std::to_string(fewest) + " to 7 " +
                     (option == "--config" ? "configurations" : "commands") + ", not " +
                     std::to_string(sets.size()));
  for (std::size_t i = 0; i < sets.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (sets[i].name == sets[j].name)
        throw UsageError(option + ": the name '" + sets[i].name + "' is given twice");
}

/// The parameters' sets: a set per combination of their values (the
/// --parameter-scan ones first, then the --parameter-list ones, each in the
/// order given), each in the command and the helpers.
std::vector<SeriesSet> ParameterSets(const RunOptions& o) {
  if (!o.parameter_step.empty() && o.parameter_scans.size() > 1)
    throw UsageError(
        "--parameter-step-size goes with a single --parameter-scan: give the others' values "
        "with --parameter-list");
  std::vector<ParameterScan> parameters;
  for (const std::vector<std::string>& words : o.parameter_scans)
    parameters.push_back(ScanParameter(words, o.parameter_step));
  for (const auto& [name, list] : o.parameter_lists)
    parameters.push_back(ListParameter(name, list));
  std::size_t combinations = 1;
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const ParameterScan& p = parameters[i];
    for (std::size_t j = 0; j < i; ++j)
      if (parameters[j].name == p.name)
        throw UsageError(p.option + " " + p.name + ": the parameter is given twice");
    combinations *= p.values.size();
    if (combinations > kMaxScanValues)
      throw UsageError(p.option + " " + p.name + ": more than " + std::to_string(kMaxScanValues) +
                       (parameters.size() > 1 ? " combinations of values" : " values") +
                       "; compare takes a " + "scan of " + std::to_string(kMaxScanValues) +
                       " at most (split a longer one into series over parts of its range)");
    const std::string key = "{" + p.name + "}";
    const auto has_key = [&key](const std::string& text) {
      return text.find(key) != std::string::npos;
    };
    if (std::none_of(o.command.begin(), o.command.end(), has_key) && !has_key(o.prepare) &&
        !has_key(o.cleanup))
      throw UsageError(p.option + " " + p.name + ": no " + key +
                       " in the command, --prepare or --cleanup to put the values in");
  }
  return ScanSets(parameters, o.command, o.shell, o.prepare, o.cleanup);
}

/// --config, --command and a parameter: the sets of an interleaved series,
/// checked. A single --command or value is a plain series of its own label.
void MakeSets(const po::variables_map& vm, RunOptions& o) {
  const bool parameter = !o.parameter_scans.empty() || !o.parameter_lists.empty();
  if (vm.count("parameter-step-size") && o.parameter_scans.empty())
    throw UsageError("--parameter-step-size goes with --parameter-scan");
  if (!o.configs.empty() + !o.commands.empty() + parameter > 1)
    throw UsageError(
        "--config, --command and --parameter-scan/--parameter-list each make the sets of a "
        "series: give one of them");
  std::string kind = "--config";
  if (!o.commands.empty()) {
    kind = "--command";
    if (o.shell) throw UsageError("--command runs CMD through /bin/sh -c already: drop --shell");
    o.sets = CommandSets(o.commands);
    CheckSetNames(kind, o.sets, 1);
  } else if (parameter) {
    kind = o.parameter_scans.empty() ? "--parameter-list" : "--parameter-scan";
    o.sets = ParameterSets(o);
  } else if (!o.configs.empty()) {
    o.sets = ConfigSets(o.configs);
    CheckSetNames(kind, o.sets, 2);
  }
  if (!o.sets.empty() && !o.label.empty())
    throw UsageError("--label and " + kind + ": the sets' names are the labels");
  if (o.sets.size() == 1) {
    const SeriesSet one = o.sets.front();
    o.command = one.command;
    o.shell = one.shell;
    o.prepare = one.prepare;
    o.cleanup = one.cleanup;
    o.label = one.name;
    o.sets.clear();
  }
}

/// What no single option's value can say: options that contradict each
/// other, and the sets of an interleaved series (2 to 7 distinct, compare's limit).
void CheckTogether(const po::variables_map& vm, RunOptions& o) {
  if (o.no_counters && !o.events.empty())
    throw UsageError("-e/--events and --no-counters contradict each other");
  if (o.no_counters && o.count_in_every_run)
    throw UsageError("--count-in-every-run and --no-counters contradict each other");
  if (vm.count("counting-runs") && (o.no_counters || o.count_in_every_run))
    throw UsageError(std::string("--counting-runs and ") +
                     (o.no_counters ? "--no-counters" : "--count-in-every-run") +
                     " contradict each other");
  if (o.no_counters && o.rotate)
    throw UsageError("--rotate and --no-counters contradict each other");
  if (o.profile_callers && o.profile_hz == 0)
    throw UsageError("--profile-callers goes with --profile");
  if (o.profile_hz > 0 && o.output == "-")
    throw UsageError("--profile writes its profile beside the results file: give -o FILE, not -");
  if (o.no_counters && (vm.count("count-by") || !o.count_cgroups.empty() || !o.count_pids.empty()))
    throw UsageError("--count-by, --count-cgroup and --count-pid count: drop --no-counters");
  if (o.no_cgroup && o.count_by == CountBy::kCgroup)
    throw UsageError("--count-by cgroup needs the runs' cgroups: drop --no-cgroup");
  if (!o.commands.empty() && !o.command.empty())
    throw UsageError("--command gives the commands to measure: '" + o.command.front() +
                     "' after the options is one more (give it as --command NAME='...' too)");
  if (o.command.empty() && o.commands.empty() && !o.help && !o.version)
    throw UsageError("no command to measure (usage: timeit [options] [--] COMMAND [ARGS...])");
  if (o.shell && o.command.size() > 1)
    throw UsageError(
        "--shell takes the command as one word: timeit --shell 'make -j8 && make install'");
  if (!o.target_ci && (vm.count("min-runs") || vm.count("max-runs")))
    throw UsageError("--min-runs and --max-runs go with --target-ci");
  if (vm.count("max-runs") && vm.count("runs"))
    throw UsageError("-n and --max-runs say the same: give one");
  if (o.target_ci && !vm.count("min-runs")) o.min_runs = std::min(o.min_runs, o.runs);
  if (o.target_ci && o.min_runs > o.runs)
    throw UsageError("--min-runs " + std::to_string(o.min_runs) + " is more than the most runs (" +
                     std::to_string(o.runs) + ", -n or --max-runs)");
  if (o.help || o.version) return;
  MakeSets(vm, o);
  if ((!o.fail_on.empty() || vm.count("threshold") || vm.count("compare-metrics") ||
       vm.count("test") || vm.count("export-markdown")) &&
      o.baseline.empty() && o.sets.empty())
    throw UsageError(
        "--fail-on, --threshold, --test, --compare-metrics and --export-markdown go with "
        "--baseline or sets (--config, --command, --parameter-scan)");
  if (o.bisect && o.baseline.empty())
    throw UsageError("--bisect judges the series against a baseline: give --baseline FILE");
  if (o.bisect && !o.fail_on.empty())
    throw UsageError("--bisect and --fail-on both set the exit status: give one");
  if (o.sets.empty() && (vm.count("order") || vm.count("seed")))
    throw UsageError("--order and --seed go with sets (--config, --command, --parameter-scan)");
  if (vm.count("seed") && !o.random_order) throw UsageError("--seed goes with --order random");
}

}  // namespace

std::vector<int> ParseCpuList(const std::string& text) {
  // The kernel's format, without its line end; each CPU one that
  // sched_setaffinity's cpu_set_t can hold.
  const auto cpus = text.ends_with('\n') ? std::nullopt : platforms::ParseCpuList(text);
  if (!cpus || *std::max_element(cpus->begin(), cpus->end()) >= CPU_SETSIZE)
    throw BadValue("--cpus", "a list like 0-3,8", text);
  return *cpus;
}

std::pair<std::string, std::string> ParseSetOption(const std::string& option,
                                                   const std::string& value) {
  const std::size_t eq = value.find('=');
  // A --config may run nothing before its runs ("off="); a --command is its runs.
  if (eq == std::string::npos || (option == "--command" && eq + 1 == value.size()))
    throw BadValue(option, "NAME='shell command'", value);
  std::string name = value.substr(0, eq);
  if (name.empty() || name.find_first_of(",\"\r\n") != std::string::npos)
    throw BadValue(option, "a non-empty NAME before '=' (no comma, quote or line break)", name);
  return {std::move(name), value.substr(eq + 1)};
}

std::pair<std::string, std::string> ParseConfigOption(const std::string& value) {
  return ParseSetOption("--config", value);
}

RunOptions ParseRunOptions(int argc, const char* const* argv) {
  RunOptions o;
  const po::variables_map vm = ParseOptions(
      std::vector<std::string>(argv + std::min(argc, 1), argv + argc), MakeOptions(&o),
      {.positional = "command-words",
       .stop_at_first_positional = true,
       .context = "",
       .help_hint = "see timeit --help",
       .habits = {
           {"-r", "the number of runs is -n/--runs here (hyperfine's and perf stat's -r)"},
           {"--repeat", "the number of runs is -n/--runs here (perf stat's --repeat)"},
           {"-N",
            "timeit runs the command without a shell by default; --shell runs "
            "it through /bin/sh -c"},
           {"-S",
            "--shell runs the command through /bin/sh -c (hyperfine's -S names "
            "the shell)"},
           {"-p", "--prepare CMD runs before every run (hyperfine's -p)"},
           {"--export-json",
            "timeit compare --json FILE writes hyperfine's JSON "
            "of a results CSV"},
           {"--export-csv", "the results CSV is -o FILE; timeit compare --csv FILE the summary"},
           {"-L", "--parameter-list NAME a,b,c is hyperfine's -L"},
           {"-P", "--parameter-scan NAME MIN MAX is hyperfine's -P"},
           {"-D", "--parameter-step-size STEP is hyperfine's -D"},
           {"-s", "--setup CMD runs once before the series (hyperfine's -s)"},
           {"-c",
            "--cleanup CMD runs after every run (hyperfine's -c runs once at the end: "
            "--teardown)"},
           {"-i", "--ignore-failure keeps going when the command fails (hyperfine's -i)"},
           {"-M", "--max-runs N with --target-ci is the most runs (hyperfine's -M)"},
           {"--command-name", "--command NAME=CMD names each command (hyperfine's -n)"},
           {"-x", "perf stat's -x: the results are a CSV already (-o FILE)"},
       }});
  o.seed_given = vm.count("seed") > 0;
  CheckTogether(vm, o);
  return o;
}

std::string RunOptionHelp() { return FormatOptionHelp(MakeOptions(nullptr)); }

OptionWords RunOptionWords() { return WordsOf(MakeOptions(nullptr)); }

std::string RunUsage() {
  return "usage: timeit [options] [--] COMMAND [ARGS...]\n"
         "Runs COMMAND repeatedly and records every run of its whole process tree in a CSV.\n"
         "Options stop at the first word that is not an option.\n\noptions:\n" +
         RunOptionHelp();
}

}  // namespace timeit
