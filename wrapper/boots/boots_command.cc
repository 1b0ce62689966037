#include "wrapper/boots/boots_command.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "platforms/boot_facts.h"
#include "platforms/system_roots.h"
#include "wrapper/base/errors.h"
#include "wrapper/boots/boot_method.h"
#include "wrapper/boots/boots_options.h"
#include "wrapper/boots/boots_report.h"
#include "wrapper/boots/experiment_setup.h"
#include "wrapper/boots/resume_hook.h"
#include "wrapper/boots/state_file.h"
#include "wrapper/boots/target_look.h"
#include "wrapper/compare/compare_command.h"
#include "wrapper/run/run_command.h"
#include "wrapper/run/run_options.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;

/// The wall clock: a boot's time spans a reboot, which no monotonic clock does.
double UnixSeconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

/// Runs `line` through /bin/sh, said first on stderr; its exit status.
int RunLine(const std::string& line) {
  std::fprintf(stderr, "timeit boots: $ %s\n", line.c_str());
  std::fflush(stderr);
  const int status = std::system(line.c_str());
  if (status == -1) return kExitOwnFailure;
  return WIFEXITED(status) ? WEXITSTATUS(status) : kExitSignalBase + WTERMSIG(status);
}

void RunLines(const std::vector<std::string>& lines, const std::string& what) {
  for (const std::string& line : lines)
    if (const int status = RunLine(line); status != 0)
      throw SystemError("boots: " + what + ": '" + line + "' exited with status " +
                        std::to_string(status));
}

/// Best effort: what is left armed is said, not fatal (the state is gone).
void Disarm(const ExperimentState& s) {
  for (const std::string& line : DisarmLines(s)) RunLine(line);
  for (const std::string& line : HookRemoveLines(s)) RunLine(line);
}

/// Arms the step from boot `boot_id`: the state says so before the boot
/// is made, since the method's last line reboots.
void Arm(ExperimentState& s, const std::string& state_dir, const std::string& boot_id) {
  Armed(s, boot_id);
  s.armed_at = UnixSeconds();
  WriteState(state_dir, s);
  std::fprintf(stderr, "timeit boots: step %zu of %zu: %s (%s)\n", s.step + 1, s.plan.size(),
               s.StepConfig().name.c_str(), s.StepConfig().release.c_str());
  RunLines(ArmLines(s), "arming step " + std::to_string(s.step + 1));
}

/// The comparison of every configuration, beside the CSV: the text compare
/// prints, its HTML report and its summary CSV, read once the machine is no
/// longer the experiment's.
void WriteComparison(const ExperimentState& s) {
  const std::string path = ComparisonPath(s);
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (out == nullptr) {
    std::fprintf(stderr, "timeit boots: cannot write %s\n", path.c_str());
    return;
  }
  std::vector<std::string> words = {"compare",
                                    "--html",
                                    ComparisonPath(s, ".compare.html"),
                                    "--csv",
                                    ComparisonPath(s, ".compare.csv"),
                                    s.output};
  std::vector<char*> args;
  for (std::string& w : words) args.push_back(w.data());
  args.push_back(nullptr);
  try {
    RunComparison(ParseCompareOptions(static_cast<int>(words.size()), args.data()), out);
  } catch (const Error& e) {
    std::fprintf(out, "no comparison: %s\n", e.what());
  }
  std::fclose(out);
  std::fprintf(stderr, "timeit boots: the comparison is in %s (and .html, .csv)\n", path.c_str());
}

/// When the step's last boot was cut short: which, and what it kept; its
/// rows stay in the CSV, and this series' rows say that they do the step again.
std::string RedoNote(const ExperimentState& s) {
  if (s.records.empty() || s.records.back().step != s.step ||
      s.records.back().outcome != "interrupted")
    return {};
  const StepRecord& r = s.records.back();
  return "boots: step " + std::to_string(s.step + 1) + " again: boot " + r.boot_id +
         " was cut short after " + std::to_string(r.runs) + " runs, kept";
}

/// The step's series, in-process, as the run mode would run it with
/// --label NAME; its exit status.
int RunStepSeries(const ExperimentState& s) {
  std::vector<std::string> words = {"timeit", "--label", s.StepConfig().name};
  words.insert(words.end(), s.run_args.begin(), s.run_args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  try {
    if (::chdir(s.cwd.c_str()) != 0)
      throw SystemError("boots: cannot enter " + s.cwd + ", where start ran");
    RunOptions o = ParseRunOptions(static_cast<int>(words.size()), argv.data());
    o.boot_method = s.method;
    o.series_note = RedoNote(s);
    o.durable_rows = true;
    return RunSeries(o);
  } catch (const Error& e) {
    std::fprintf(stderr, "timeit: %s\n", e.what());
    return e.exit_status();
  }
}

int Resume(const std::string& state_dir) {
  const double resumed = UnixSeconds();
  ExperimentState s = ReadState(state_dir);
  const platforms::BootFacts now =
      platforms::ReadBootFacts(platforms::SystemRootsFromEnvironment());
  const int done = s.phase == Phase::kRunning ? RunsOnBoot(s, s.running_on) : 0;
  // This boot is the one the last arming made (and not one after a series
  // cut short): its time from that arming is a boot's.
  const double boot_seconds =
      s.phase == Phase::kArmed && s.armed_at > 0 ? resumed - s.armed_at : -1;
  Action action = OnBoot(s, now, done);
  WriteState(state_dir, s);
  while (true) {
    switch (action) {
      case Action::kNothing:
        std::fprintf(stderr, "timeit boots: the experiment in %s is over (timeit boots status)\n",
                     state_dir.c_str());
        return kExitOk;
      case Action::kSameBoot:
        std::fprintf(stderr,
                     "timeit boots: this is boot %s, which armed step %zu: the machine has not "
                     "rebooted; nothing run\n",
                     now.boot_id.c_str(), s.step + 1);
        return kExitOk;
      case Action::kRunSeries: {
        std::fprintf(stderr, "timeit boots: step %zu of %zu: %s on %s; settling %g s\n", s.step + 1,
                     s.plan.size(), s.StepConfig().name.c_str(), now.release.c_str(),
                     s.settle_seconds);
        const double begun = UnixSeconds();
        std::this_thread::sleep_for(std::chrono::duration<double>(s.settle_seconds));
        const int status = RunStepSeries(s);
        const double ended = UnixSeconds();
        action = FinishSeries(s, now.boot_id, RunsOnBoot(s, now.boot_id), status, s.settle_seconds);
        s.records.back().boot_seconds = boot_seconds;
        s.records.back().series_seconds = ended - begun;
        WriteState(state_dir, s);
        continue;
      }
      case Action::kLook: {
        std::string why;
        std::vector<MetricWidth> widths = LookAtResults(s.output, s.target.metrics, why);
        if (!why.empty())
          std::fprintf(stderr, "timeit boots: the look saw no interval: %s\n", why.c_str());
        action = Looked(s, std::move(widths));
        WriteState(state_dir, s);
        std::fprintf(stderr, "timeit boots: %s\n", LookLine(s, s.looks.back()).c_str());
        if (s.Done()) std::fprintf(stderr, "%s", VerdictLines(s).c_str());
        continue;
      }
      case Action::kArm:
        Arm(s, state_dir, now.boot_id);
        return kExitOk;
      case Action::kFinish:
      case Action::kStop:
        Disarm(s);
        WriteComparison(s);
        std::fputs(StatusText(s, state_dir).c_str(), stdout);
        return kExitOk;
    }
  }
}

int Start(const BootsOptions& o) {
  ExperimentState s = ExperimentFromOptions(o);
  if (o.dry_run) {
    std::fputs(DryRunText(s, o.state_dir).c_str(), stdout);
    return kExitOk;
  }
  PrepareStateDir(o.state_dir);
  if (fs::exists(StatePath(o.state_dir))) {
    const ExperimentState old = ReadState(o.state_dir);
    if (!old.Done())
      throw UsageError("boots start: an experiment is under way in " + o.state_dir +
                       " (timeit boots status, or cancel)");
  }
  CheckHook(s);
  const std::string boot_id =
      platforms::ReadBootFacts(platforms::SystemRootsFromEnvironment()).boot_id;
  Armed(s, boot_id);
  WriteState(o.state_dir, s);
  try {
    if (s.hook == "systemd") WriteUnit(s, o.state_dir);
    RunLines(HookInstallLines(s), "installing the resume hook");
    Arm(s, o.state_dir, boot_id);
  } catch (const Error&) {
    Disarm(s);
    fs::remove(StatePath(o.state_dir));
    throw;
  }
  return kExitOk;
}

int Cancel(const std::string& state_dir) {
  const ExperimentState s = ReadState(state_dir);
  Disarm(s);
  fs::remove(StatePath(state_dir));
  std::error_code ec;
  fs::remove(state_dir, ec);  // only when empty
  std::fprintf(stderr, "timeit boots: cancelled; the results stay in %s\n", s.output.c_str());
  return kExitOk;
}

}  // namespace

int BootsMain(int argc, char** argv) {
  const BootsOptions o = ParseBootsOptions(argc, argv);
  if (o.help) {
    std::fputs(BootsUsage().c_str(), stdout);
    return kExitOk;
  }
  if (o.verb == "start") return Start(o);
  if (o.verb == "resume") return Resume(o.state_dir);
  if (o.verb == "status") {
    std::fputs(StatusText(ReadState(o.state_dir), o.state_dir).c_str(), stdout);
    return kExitOk;
  }
  return Cancel(o.state_dir);
}

}  // namespace timeit
