#include "wrapper/boots/boots_report.h"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <optional>

#include "wrapper/boots/boot_method.h"
#include "wrapper/boots/experiment_setup.h"
#include "wrapper/boots/resume_hook.h"
#include "wrapper/results/series_metadata.h"

namespace timeit {
namespace {

std::string Names(const ExperimentState& s) {
  std::string out;
  for (const BootConfig& c : s.configs) out += (out.empty() ? "" : ", ") + c.name;
  return out;
}

std::string RuleLine(const ExperimentState& s) {
  if (s.target.percent <= 0) return {};
  return fmt::format(
      "stopping rule: --target-ci {}% of {}, two-stage: the intervals after {} boots of each "
      "(the pilot; their widths only, not their significance) fix how many boots of each bring "
      "every one within +/-{}%, at most {}; the verdict is the pilot's interval narrowed to "
      "them\n",
      s.target.percent, fmt::join(s.target.metrics, ", "), s.target.min_boots, s.target.percent,
      s.boots);
}

std::string Heading(const ExperimentState& s) {
  return fmt::format(
      "{} boots{}: {} of each of {}, order {}, via {}; runs into {}\n{}", s.plan.size(),
      s.target.percent > 0 ? " at most" : "", s.boots, Names(s),
      s.order == BootOrder::kAbba ? std::string("abba") : fmt::format("random --seed {}", s.seed),
      s.method, s.output, RuleLine(s));
}

std::string Width(const MetricWidth& w) {
  if (std::isnan(w.half_width_percent)) return w.metric + " not known";
  if (std::isinf(w.half_width_percent)) return w.metric + " unbounded";
  return fmt::format("{} +/-{:.3g}%", w.metric, w.half_width_percent);
}

std::string Plan(const ExperimentState& s) {
  std::string out = "plan:";
  for (const int c : s.plan) out += " " + s.configs[static_cast<std::size_t>(c)].name;
  return out + "\n";
}

/// 45 s, 3m05s, 2h07m: what a reader plans a day with.
std::string Duration(double seconds) {
  const long s = std::lround(seconds);
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
}

std::string TimeLeftLine(const ExperimentState& s) {
  const std::optional<TimeLeft> left = EstimateTimeLeft(s);
  if (!left) return "time left: not known until a step is measured\n";
  return fmt::format("time left: about {}, {} step{} (so far a boot took {} and a series {})\n",
                     Duration(left->seconds), left->steps, left->steps == 1 ? "" : "s",
                     Duration(left->boot_seconds), Duration(left->series_seconds));
}

std::string Describe(const ExperimentState& s, const StepRecord& r) {
  const std::string& name = s.configs[static_cast<std::size_t>(r.config)].name;
  std::string what;
  if (r.outcome == "wrong kernel")
    what = r.expected_entry.empty()
               ? fmt::format("wrong kernel: expected {}, found {}", r.expected_release,
                             r.found_release)
               : fmt::format("wrong kernel: expected {} (entry {}), found {} (entry {})",
                             r.expected_release, r.expected_entry, r.found_release,
                             r.found_entry.empty() ? "unknown" : r.found_entry);
  else if (r.outcome == "interrupted")
    what =
        fmt::format("interrupted after {} runs (kept in the CSV); the step is done again", r.runs);
  else if (r.outcome == "series failed")
    what = fmt::format("series failed (exit status {}), {} runs", r.exit_status, r.runs);
  else
    what = fmt::format("measured {} runs, settled {:g} s", r.runs, r.settle_seconds);
  if (r.outcome == "measured" && r.boot_seconds >= 0)
    what += fmt::format(", booted in {}", Duration(r.boot_seconds));
  if (r.outcome == "measured" && r.series_seconds >= 0)
    what += fmt::format(", series {}", Duration(r.series_seconds));
  return fmt::format("  step {:<3} {:<10} boot {}: {}\n", r.step + 1, name, r.boot_id, what);
}

}  // namespace

std::string LookLine(const ExperimentState& s, const LookRecord& look) {
  std::string widths;
  for (const MetricWidth& w : look.widths) widths += (widths.empty() ? "" : ", ") + Width(w);
  const double p = s.target.percent;
  const bool last = look.step + 1 >= s.plan.size();
  std::string what;
  if (look.asked > 0 && look.met && look.asked == static_cast<int>(look.round))
    what = fmt::format("within +/-{}%, stopped", p);
  else if (look.asked > 0)
    what = fmt::format("not within +/-{}%: the pilot asks for {}{} boots of each{}", p,
                       look.needed >= kBootsNeededMost ? "at least " : "", look.needed,
                       look.needed > look.asked ? fmt::format(", {} at most", look.asked)
                       : last                   ? std::string()
                                                : std::string(", going on"));
  else if (const LookRecord* pilot = s.Pilot(); pilot && look.round > pilot->round)
    what = look.round >= static_cast<std::size_t>(pilot->asked)
               ? fmt::format("the {} boots of each the pilot asked for, stopped", pilot->asked)
               : fmt::format("going on to the {} boots of each the pilot asked for", pilot->asked);
  else
    what = last ? fmt::format("not within +/-{}% at the most boots", p)
                : fmt::format("not within +/-{}%, going on", p);
  return fmt::format("round {} (step {}): {}: {}", look.round, look.step + 1, widths, what);
}

std::string VerdictLines(const ExperimentState& s) {
  const LookRecord* pilot = s.Pilot();
  if (!pilot || s.looks.back().verdicts.empty()) return {};
  const LookRecord& last = s.looks.back();
  std::string out = fmt::format(
      "two-stage verdict, 95%: the pilot's intervals (round {}) narrowed by sqrt({}/{}):\n",
      pilot->round, pilot->round, last.round);
  for (const TwoStageInterval& v : last.verdicts)
    out += fmt::format("  {} {}: {} +/-{:.3g}%: {}\n", v.metric, v.set,
                       std::isfinite(v.percent) ? fmt::format("{:+.3g}%", v.percent) : "not known",
                       v.half_width_percent, v.Differs() ? "differs" : "no difference shown");
  return out;
}

std::string DryRunText(const ExperimentState& s, const std::string& state_dir) {
  std::string out = "timeit boots start --dry-run: " + Heading(s);
  ExperimentState step = s;
  for (step.step = 0; step.step < s.plan.size(); ++step.step) {
    const BootConfig& c = step.StepConfig();
    out += fmt::format("step {}: {} ({}), command line: {}\n", step.step + 1, c.name, c.release,
                       step.StepCmdline());
    for (const std::string& line : ArmLines(step)) out += "  $ " + line + "\n";
  }
  std::vector<std::string> run = {"timeit", "--label", "NAME"};
  run.insert(run.end(), s.run_args.begin(), s.run_args.end());
  out += fmt::format("each boot: timeit boots resume --state-dir {}, after {:g} s, runs in {}:\n",
                     state_dir, s.settle_seconds, s.cwd);
  out += "  $ " + ShellQuoteCommand(run) + "\n";
  if (s.hook == "systemd") {
    out += std::string("resume hook: ") + kUnitPath + ", enabled by start:\n";
    for (const std::string& line : HookInstallLines(s)) out += "  $ " + line + "\n";
  } else {
    out +=
        "resume hook: none; call timeit boots resume --state-dir " + state_dir + " at every boot\n";
  }
  return out;
}

std::string StatusText(const ExperimentState& s, const std::string& state_dir) {
  std::string out = "experiment in " + state_dir + ": " + Heading(s) + Plan(s);
  if (s.Done())
    out += fmt::format("{} after {} of {} steps{}\n", PhaseName(s.phase), s.step, s.plan.size(),
                       s.StoppedByTarget() ? fmt::format(", the stopping rule met at round {}",
                                                         s.looks.back().round)
                                           : std::string());
  else
    out += fmt::format(
        "step {} of {}: {} ({}), {}{}\n", s.step + 1, s.plan.size(), s.StepConfig().name,
        s.StepConfig().release, PhaseName(s.phase),
        s.phase == Phase::kRunning ? " on boot " + s.running_on : " from boot " + s.armed_on);
  if (!s.Done()) out += TimeLeftLine(s);
  if (!s.records.empty()) out += "boots:\n";
  for (const StepRecord& r : s.records) out += Describe(s, r);
  if (!s.looks.empty()) out += "looks:\n";
  for (const LookRecord& l : s.looks) out += "  " + LookLine(s, l) + "\n";
  if (s.Done() && !s.looks.empty()) out += VerdictLines(s);
  for (const std::string& name : s.failed_configs)
    out += "failed: " + name + " did not boot its kernel" +
           (s.on_failure == OnBootFailure::kStop ? " (the experiment stopped)\n"
                                                 : " (its other steps were skipped)\n");
  if (s.Done())
    for (const char* suffix : {".compare.txt", ".compare.html", ".compare.csv"})
      if (std::filesystem::exists(ComparisonPath(s, suffix)))
        out += "comparison: " + ComparisonPath(s, suffix) + "\n";
  return out;
}

}  // namespace timeit
