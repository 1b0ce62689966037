#include "wrapper/boots/experiment_setup.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <set>

#include "platforms/boot_facts.h"
#include "platforms/system_roots.h"
#include "stats/boot_plan.h"
#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"
#include "wrapper/boots/boot_method.h"
#include "wrapper/plan/plan_command.h"
#include "wrapper/process/child_launcher.h"
#include "wrapper/results/results_columns.h"
#include "wrapper/results/results_csv_reader.h"
#include "wrapper/run/counting_schedule.h"
#include "wrapper/run/run_options.h"
#include "wrapper/run/sources.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;

void CheckReadable(const std::string& what, const std::string& path) {
  if (!fs::is_regular_file(path) || ::access(path.c_str(), R_OK) != 0)
    throw UsageError(what + ": " + path + " is not a readable file");
}

void CheckConfigs(std::vector<BootConfig>& configs) {
  if (configs.size() < 2)
    throw UsageError("boots start: needs two --config or more (the kernels to compare)");
  std::set<std::string> names;
  for (BootConfig& c : configs) {
    if (!names.insert(c.name).second)
      throw UsageError("--config " + c.name + ": given twice (names are the CSV's labels)");
    CheckReadable("--config " + c.name, c.kernel);
    if (!c.initrd.empty()) CheckReadable("--config " + c.name, c.initrd);
    if (c.release.empty()) c.release = KernelReleaseOf(c.kernel);
    if (c.release.empty())
      throw UsageError("--config " + c.name + ": cannot tell which release " + c.kernel +
                       " boots (neither its file name nor a bzImage header says): add release=R");
  }
}

/// The run mode's words, parsed as it parses them.
RunOptions ParseRunArgs(const std::vector<std::string>& run_args) {
  std::vector<std::string> words = {"timeit"};
  words.insert(words.end(), run_args.begin(), run_args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  return ParseRunOptions(static_cast<int>(argv.size()), argv.data());
}

/// The run mode's words, checked; the runs a step makes.
RunOptions CheckRunArgs(const std::vector<std::string>& run_args) {
  if (std::find(run_args.begin(), run_args.end(), "--") == run_args.end())
    throw UsageError("boots start: no command: the run options, then -- COMMAND [ARGS...]");
  const RunOptions o = ParseRunArgs(run_args);
  if (o.help || o.version)
    throw UsageError("boots start: --help and --version are not run options");
  if (!o.label.empty())
    throw UsageError("boots start: --label: each step's label is its configuration's name");
  if (o.output.empty() || o.output == "-")
    throw UsageError("boots start: -o FILE is needed: every boot appends to one CSV");
  if (!o.sets.empty())
    throw UsageError(
        "boots start: the run mode's sets (--config, --command, a parameter) cannot be mixed "
        "with boots");
  const fs::path folder = fs::absolute(o.output).parent_path();
  if (!fs::is_directory(folder) || ::access(folder.c_str(), W_OK) != 0)
    throw UsageError("-o " + o.output + ": " + folder.string() + " is not a writable folder");
  if (!o.shell && !ResolveCommand(o.command.front()))
    throw UsageError("boots start: " + o.command.front() + ": command not found");
  return o;
}

/// --target-ci's metrics, each one the step's series records here: a
/// misspelt one would give the rule no interval to read, and the experiment
/// would run to its most boots before anyone noticed.
void CheckTargetMetrics(const std::vector<std::string>& metrics, const RunOptions& run) {
  const std::vector<std::string> columns = SeriesMetricColumns(run);
  for (const std::string& m : metrics)
    if (std::find(columns.begin(), columns.end(), m) == columns.end())
      throw UsageError(fmt::format("--target-ci: a series of these run options records no {}{}",
                                   QuoteForMessage(m), DidYouMean(m, columns)));
}

/// Whether the run mode's words before `--` give the runs (-n, --runs,
/// --max-runs): --plan gives them instead.
bool GivesRuns(const std::vector<std::string>& run_args) {
  for (const std::string& w : run_args) {
    if (w == "--") break;
    if (w.starts_with("-n") || w.starts_with("--runs") || w.starts_with("--max-runs")) return true;
  }
  return false;
}

/// --plan: timeit plan's numbers for the pilot, the target's PCT and
/// metrics: -n the runs per boot, and, unless --boots is given, the boots
/// (with --target-ci from half the planned boots, at least the default
/// MIN, to twice as many: the plan is what the boots need on average, and
/// the rule may stop earlier or go on when the draw was unlucky).
void ApplyPlan(const BootsOptions& o, ExperimentState& s) {
  if (GivesRuns(s.run_args))
    throw UsageError("boots start: --plan gives the runs per boot: drop -n (or --plan)");
  PlanOptions p;
  p.files = {o.plan};
  p.metrics = s.target.percent > 0 ? s.target.metrics : std::vector<std::string>{"real"};
  if (s.target.percent > 0) p.target_ci_percent = s.target.percent;
  std::vector<std::string> notes;
  const PilotPlan plan = PlanPilot(p, notes);
  for (const std::string& n : notes) std::fprintf(stderr, "timeit: %s\n", n.c_str());
  if (plan.metrics.empty())
    throw UsageError("--plan " + o.plan + ": no metric of the target has values to plan from");
  const PlannedMetric& most = MostDemanding(plan.metrics);
  if (!most.plan.reachable)
    throw UsageError(fmt::format("--plan {}: no plan reaches +/-{}% of {} within {} boots", o.plan,
                                 p.target_ci_percent, most.pilot.metric, stats::kMaxBoots));
  s.run_args.insert(s.run_args.begin(), {"-n", std::to_string(most.plan.runs_per_boot)});
  if (o.boots_given) return;
  const int planned = static_cast<int>(most.plan.boots);
  if (s.target.percent > 0) {
    s.boots = std::min(1000, 2 * planned);
    s.target.min_boots = std::min(s.boots, std::max(kDefaultMinBoots, (planned + 1) / 2));
  } else {
    s.boots = planned;
  }
  std::fprintf(stderr, "timeit boots: --plan %s: -n %zu, --boots %s (%s needs %d boots a kernel)\n",
               o.plan.c_str(), most.plan.runs_per_boot,
               s.target.percent > 0 ? fmt::format("{}..{}", s.target.min_boots, s.boots).c_str()
                                    : std::to_string(s.boots).c_str(),
               most.pilot.metric.c_str(), planned);
}

std::string ThisTimeit() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("/usr/bin/timeit") : self.string();
}

}  // namespace

ExperimentState ExperimentFromOptions(const BootsOptions& o) {
  ExperimentState s;
  s.configs = o.configs;
  CheckConfigs(s.configs);
  s.boots = o.boots;
  s.run_args = o.run_args;
  if (o.target_percent > 0) {
    s.target.percent = o.target_percent;
    if (!o.target_metrics.empty()) s.target.metrics = o.target_metrics;
    // --boots N alone: N the most.
    s.target.min_boots = o.min_boots > 0 ? o.min_boots : std::min(kDefaultMinBoots, o.boots);
  }
  if (!o.plan.empty()) ApplyPlan(o, s);
  const RunOptions run = CheckRunArgs(s.run_args);
  if (s.target.percent > 0) CheckTargetMetrics(s.target.metrics, run);
  s.order = o.order;
  s.seed = o.seed_given ? o.seed : static_cast<std::uint64_t>(std::time(nullptr));
  if (o.order == BootOrder::kRandom && !o.seed_given)
    std::fprintf(stderr, "timeit boots: random order with --seed %llu\n",
                 static_cast<unsigned long long>(s.seed));
  s.plan = PlanSteps(s.configs.size(), s.boots, s.order, s.seed);
  s.cwd = fs::current_path().string();
  s.output = fs::absolute(run.output).lexically_normal().string();
  s.runs = run.runs;
  s.method = o.via;
  s.next_boot = o.next_boot;
  s.hook = o.hook;
  s.timeit = ThisTimeit();
  s.base_cmdline = platforms::ReadBootFacts(platforms::SystemRootsFromEnvironment()).cmdline;
  s.retries = o.retries;
  s.on_failure = o.on_failure;
  s.settle_seconds = o.settle_seconds;
  CheckMethod(s);
  if (o.state_dir.empty() || o.state_dir.front() != '/')
    throw UsageError("--state-dir " + o.state_dir + ": an absolute path (the hook runs from /)");
  return s;
}

int RunsOnBoot(const ExperimentState& s, const std::string& boot_id) {
  if (!fs::exists(s.output) || boot_id.empty()) return 0;
  std::vector<std::string> warnings;
  const ResultsTable t = ReadResultsCsv(s.output, &warnings);
  const auto label = t.Column("label"), warmup = t.Column("warmup"), boot = t.Column("boot_id");
  if (!label || !warmup || !boot) return 0;
  const auto role = t.Column(kRoleColumn);
  const std::string& name = s.StepConfig().name;
  int timing = 0, counting = 0;
  bool roles = false;
  for (const auto& row : t.rows) {
    if (row[*label] != name || row[*warmup] != "0" || row[*boot] != boot_id) continue;
    const std::string_view r = role ? std::string_view(row[*role]) : std::string_view();
    roles = roles || r == kTimingRole;
    ++(r == kCountingRole ? counting : timing);
  }
  if (!roles) return timing;
  // The step's -n are timing runs; its counting runs come beside them.
  const RunOptions run = ParseRunArgs(s.run_args);
  return CompleteTimingRuns(timing, counting, run.runs,
                            CountingRunsOf(run.runs, run.counting_runs));
}

std::string ComparisonPath(const ExperimentState& s, const char* suffix) {
  fs::path path(s.output);
  if (path.extension() == ".csv") path.replace_extension();
  return path.string() + suffix;
}

}  // namespace timeit
