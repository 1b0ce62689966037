#include "wrapper/boots/experiment_state.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "stats/boot_plan.h"

namespace timeit {
namespace {

bool Failed(const ExperimentState& s, std::size_t step) {
  const std::string& name = s.configs[static_cast<std::size_t>(s.plan[step])].name;
  return std::find(s.failed_configs.begin(), s.failed_configs.end(), name) !=
         s.failed_configs.end();
}

/// The first step after `from` whose configuration has not failed, or the
/// plan's size.
std::size_t NextLiveStep(const ExperimentState& s, std::size_t from) {
  std::size_t next = from + 1;
  while (next < s.plan.size() && Failed(s, next)) ++next;
  return next;
}

/// Goes to step `next`: armed, or finished at the plan's end.
Action GoTo(ExperimentState& s, std::size_t next) {
  s.step = next;
  if (next < s.plan.size()) {
    s.phase = Phase::kArmed;
    return Action::kArm;
  }
  s.phase = Phase::kFinished;
  return Action::kFinish;
}

/// After the step: the next step whose configuration has not failed, or the
/// end; first a look when that crosses into a later round (or the end) at
/// or past --boots MIN. A round is `configs` steps of the plan, one boot of
/// each, whatever failed in it.
Action NextStep(ExperimentState& s) {
  s.failed_boots = 0;
  s.running_on.clear();
  const std::size_t next = NextLiveStep(s, s.step), per = s.configs.size();
  const std::size_t rounds = s.step / per + 1;
  if (s.target.percent > 0 && next / per != s.step / per &&
      rounds >= static_cast<std::size_t>(s.target.min_boots)) {
    s.phase = Phase::kLooking;
    return Action::kLook;
  }
  return GoTo(s, next);
}

StepRecord Record(const ExperimentState& s, const std::string& boot_id, const char* outcome) {
  StepRecord r;
  r.step = s.step;
  r.config = s.plan[s.step];
  r.boot_id = boot_id;
  r.outcome = outcome;
  r.expected_release = s.StepConfig().release;
  if (s.method == "systemd-boot") r.expected_entry = s.StepConfig().entry;
  return r;
}

Action WrongKernel(ExperimentState& s, const platforms::BootFacts& now) {
  StepRecord r = Record(s, now.boot_id, "wrong kernel");
  r.found_release = now.release;
  r.found_cmdline = now.cmdline;
  r.found_entry = now.loader_entry;
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

bool AllFinite(const std::vector<MetricWidth>& widths) {
  return !widths.empty() && std::all_of(widths.begin(), widths.end(), [](const MetricWidth& w) {
    return std::isfinite(w.half_width_percent);
  });
}

/// The two-stage intervals at `last`: its differences, the pilot's widths
/// narrowed by sqrt(pilot boots / boots).
std::vector<TwoStageInterval> TwoStage(const LookRecord& pilot, const LookRecord& last) {
  std::vector<TwoStageInterval> out;
  const double narrowing =
      std::sqrt(static_cast<double>(pilot.round) / static_cast<double>(last.round));
  for (const MetricWidth& w : last.widths) {
    const auto p = std::find_if(pilot.widths.begin(), pilot.widths.end(),
                                [&](const MetricWidth& m) { return m.metric == w.metric; });
    if (p == pilot.widths.end()) continue;
    for (const auto& [set, percent] : w.differences)
      out.push_back({w.metric, set, percent, p->half_width_percent * narrowing});
  }
  return out;
}

}  // namespace

bool TwoStageInterval::Differs() const { return std::abs(percent) > half_width_percent; }

const LookRecord* ExperimentState::Pilot() const {
  for (const LookRecord& l : looks)
    if (l.asked > 0) return &l;
  return nullptr;
}

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
  // systemd-boot says which entry it booted: entries of one kernel that
  // differ in their options are told apart, and so is a one-shot entry
  // that failed from the default one it fell back to.
  const std::string& entry = s.StepConfig().entry;
  const bool entry_ok = s.method != "systemd-boot" || entry.empty() || now.loader_entry.empty() ||
                        now.loader_entry == entry;
  return now.release == s.StepConfig().release &&
         CmdlineHasWords(now.cmdline, s.StepConfig().cmdline_add) && entry_ok;
}

Action OnBoot(ExperimentState& s, const platforms::BootFacts& now, int runs_on_running) {
  switch (s.phase) {
    case Phase::kFinished:
    case Phase::kStopped:
      return Action::kNothing;
    case Phase::kLooking:
      return Action::kLook;
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

int BootsNeeded(double half_width, std::size_t round, double percent) {
  const double ratio = half_width / percent;
  const double boots = static_cast<double>(round) * ratio * ratio;
  if (!(boots < kBootsNeededMost)) return kBootsNeededMost;  // keeps the cast defined
  // A width at the target, come through a square root, is within it.
  return std::max(static_cast<int>(round), static_cast<int>(std::ceil(boots - 1e-9)));
}

Action Looked(ExperimentState& s, std::vector<MetricWidth> widths) {
  LookRecord look;
  look.round = s.step / s.configs.size() + 1;
  look.step = s.step;
  look.widths = std::move(widths);
  const LookRecord* pilot = s.Pilot();
  if (!pilot && AllFinite(look.widths)) {
    for (const MetricWidth& w : look.widths)
      look.needed =
          std::max(look.needed, BootsNeeded(w.half_width_percent, look.round, s.target.percent));
    look.asked = std::min(look.needed, s.boots);
  }
  const LookRecord& fixing = pilot ? *pilot : look;
  const bool at_asked = fixing.asked > 0 && look.round >= static_cast<std::size_t>(fixing.asked);
  const std::size_t next = NextLiveStep(s, s.step);
  if (fixing.asked > 0 && (at_asked || next >= s.plan.size()))
    look.verdicts = TwoStage(fixing, look);
  look.met = at_asked && fixing.needed == fixing.asked;
  s.looks.push_back(std::move(look));  // `fixing` may point into looks: not used below
  if (!at_asked) return GoTo(s, next);
  s.step += 1;  // the steps made, as at the plan's end
  s.phase = Phase::kFinished;
  return Action::kFinish;
}

void Armed(ExperimentState& s, const std::string& boot_id) {
  s.phase = Phase::kArmed;
  s.armed_on = boot_id;
}

std::optional<TimeLeft> EstimateTimeLeft(const ExperimentState& s) {
  if (s.Done()) return std::nullopt;
  struct Mean {
    double boot = 0, series = 0;
    int n = 0;
  };
  std::vector<Mean> per_config(s.configs.size());
  Mean all;
  for (const StepRecord& r : s.records) {
    if (r.outcome != "measured" || r.boot_seconds < 0 || r.series_seconds < 0) continue;
    for (Mean* m : {&per_config[static_cast<std::size_t>(r.config)], &all}) {
      m->boot += r.boot_seconds;
      m->series += r.series_seconds;
      ++m->n;
    }
  }
  if (all.n == 0) return std::nullopt;
  TimeLeft left;
  left.boot_seconds = all.boot / all.n;
  left.series_seconds = all.series / all.n;
  const std::size_t first = s.phase == Phase::kLooking ? s.step + 1 : s.step;
  for (std::size_t step = first; step < s.plan.size(); ++step) {
    const BootConfig& c = s.configs[static_cast<std::size_t>(s.plan[step])];
    if (std::find(s.failed_configs.begin(), s.failed_configs.end(), c.name) !=
        s.failed_configs.end())
      continue;
    const Mean& m = per_config[static_cast<std::size_t>(s.plan[step])].n > 0
                        ? per_config[static_cast<std::size_t>(s.plan[step])]
                        : all;
    const bool booted = step == s.step && s.phase == Phase::kRunning;
    left.seconds += (booted ? 0 : m.boot / m.n) + m.series / m.n;
    ++left.steps;
  }
  return left;
}

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kArmed:
      return "armed";
    case Phase::kRunning:
      return "running";
    case Phase::kLooking:
      return "looking";
    case Phase::kFinished:
      return "finished";
    case Phase::kStopped:
      return "stopped";
  }
  return "?";
}

}  // namespace timeit
