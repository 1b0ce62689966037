#include "wrapper/boots/experiment_state.h"

#include <algorithm>
#include <random>

#include "stats/boot_plan.h"

namespace timeit {
namespace {

/// The next step whose configuration has not failed, or the end.
Action NextStep(ExperimentState& s) {
  s.failed_boots = 0;
  s.running_on.clear();
  for (++s.step; s.step < s.plan.size(); ++s.step) {
    const std::string& name = s.StepConfig().name;
    if (std::find(s.failed_configs.begin(), s.failed_configs.end(), name) ==
        s.failed_configs.end()) {
      s.phase = Phase::kArmed;
      return Action::kArm;
    }
  }
  s.phase = Phase::kFinished;
  return Action::kFinish;
}

StepRecord Record(const ExperimentState& s, const std::string& boot_id, const char* outcome) {
  StepRecord r;
  r.step = s.step;
  r.config = s.plan[s.step];
  r.boot_id = boot_id;
  r.outcome = outcome;
  r.expected_release = s.StepConfig().release;
  return r;
}

Action WrongKernel(ExperimentState& s, const platforms::BootFacts& now) {
  StepRecord r = Record(s, now.boot_id, "wrong kernel");
  r.found_release = now.release;
  r.found_cmdline = now.cmdline;
  s.records.push_back(std::move(r));
  if (++s.failed_boots <= s.retries) return Action::kArm;
  s.failed_configs.push_back(s.StepConfig().name);
  if (s.on_failure == OnBootFailure::kStop) {
    s.phase = Phase::kStopped;
    return Action::kStop;
  }
  return NextStep(s);
}

Action StartSeries(ExperimentState& s, const std::string& boot_id) {
  s.phase = Phase::kRunning;
  s.running_on = boot_id;
  return Action::kRunSeries;
}

}  // namespace

std::string ExperimentState::StepCmdline() const {
  const std::string& add = StepConfig().cmdline_add;
  if (add.empty()) return base_cmdline;
  return base_cmdline.empty() ? add : base_cmdline + " " + add;
}

std::vector<int> PlanSteps(std::size_t configs, int boots, BootOrder order, std::uint64_t seed) {
  const std::size_t rounds = static_cast<std::size_t>(std::max(boots, 0));
  if (order == BootOrder::kAbba) return stats::InterleavedBootOrder(configs, rounds);
  std::vector<int> plan;
  std::mt19937_64 generator(seed);
  std::vector<int> round(configs);
  for (std::size_t r = 0; r < rounds; ++r) {
    for (std::size_t c = 0; c < configs; ++c) round[c] = static_cast<int>(c);
    // Fisher-Yates by hand, as the run mode's --order random: std::shuffle's
    // use of the generator is unspecified, and a seed must replay the order.
    for (std::size_t i = round.size(); i > 1; --i)
      std::swap(round[i - 1], round[static_cast<std::size_t>(generator() % i)]);
    plan.insert(plan.end(), round.begin(), round.end());
  }
  return plan;
}

bool IsStepBoot(const ExperimentState& s, const platforms::BootFacts& now) {
  return now.release == s.StepConfig().release &&
         CmdlineHasWords(now.cmdline, s.StepConfig().cmdline_add);
}

Action OnBoot(ExperimentState& s, const platforms::BootFacts& now, int runs_on_running) {
  switch (s.phase) {
    case Phase::kFinished:
    case Phase::kStopped:
      return Action::kNothing;
    case Phase::kArmed:
      if (now.boot_id == s.armed_on) return Action::kSameBoot;
      return IsStepBoot(s, now) ? StartSeries(s, now.boot_id) : WrongKernel(s, now);
    case Phase::kRunning:
      break;
  }
  // The step's series began on running_on and was not recorded as ended.
  if (runs_on_running >= s.runs) {
    // It ended, and the machine went down before the step was recorded.
    StepRecord r = Record(s, s.running_on, "measured");
    r.runs = runs_on_running;
    s.records.push_back(std::move(r));
    return NextStep(s);
  }
  StepRecord r = Record(s, s.running_on, "interrupted");
  r.runs = runs_on_running;
  s.records.push_back(std::move(r));
  // Its runs stay in the CSV, a boot of that kernel like any other; the
  // step is done again whole on a fresh boot of the same kernel.
  if (now.boot_id != s.running_on && IsStepBoot(s, now)) return StartSeries(s, now.boot_id);
  s.running_on.clear();
  s.phase = Phase::kArmed;
  return Action::kArm;
}

Action FinishSeries(ExperimentState& s, const std::string& boot_id, int runs, int exit_status,
                    double settle_seconds) {
  StepRecord r = Record(s, boot_id, exit_status == 0 ? "measured" : "series failed");
  r.runs = runs;
  r.exit_status = exit_status;
  r.settle_seconds = settle_seconds;
  s.records.push_back(std::move(r));
  return NextStep(s);
}

void Armed(ExperimentState& s, const std::string& boot_id) {
  s.phase = Phase::kArmed;
  s.armed_on = boot_id;
}

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kArmed:
      return "armed";
    case Phase::kRunning:
      return "running";
    case Phase::kFinished:
      return "finished";
    case Phase::kStopped:
      return "stopped";
  }
  return "?";
}

}  // namespace timeit
