#include "wrapper/plan/plan_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/load_sets.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/plan/plan_options.h"
#include "wrapper/plan/plan_pilot.h"
#include "wrapper/plan/plan_report.h"

namespace timeit {
namespace {

std::string Files(const PlanOptions& o) { return fmt::format("{}", fmt::join(o.files, ", ")); }

/// The pilot's one set; two or more are bad input (plan takes one kernel).
const CompareSet& OneSet(const CompareInput& in, const PlanOptions& o) {
  if (in.sets.size() == 1) return in.sets.front();
  std::vector<std::string> labels;
  for (const CompareSet& s : in.sets) labels.push_back(QuoteForMessage(s.label));
  throw InputError(o.files.back(), 0,
                   fmt::format("plan takes the pilot of one kernel; {} holds {} sets ({}): give "
                               "the files of one",
                               Files(o), in.sets.size(), fmt::join(labels, ", ")));
}

void CheckMetrics(const CompareInput& in, const PlanOptions& o) {
  for (const std::string& m : o.metrics)
    if (std::find(in.metrics.begin(), in.metrics.end(), m) == in.metrics.end())
      throw UsageError(fmt::format("plan: -m {}: no such metric in {}{}", QuoteForMessage(m),
                                   Files(o), DidYouMean(m, in.metrics)));
}

/// The costs, measured or --boot-cost; a boot cost that cannot be had is bad input.
MeasuredCosts Costs(const CompareSet& set, const std::vector<PilotBoot>& boots,
                    const PlanOptions& o) {
  MeasuredCosts m = MeasureCosts(set, boots);
  if (o.boot_cost_seconds) {
    m.costs.boot_seconds = *o.boot_cost_seconds;
  } else if (m.reboots == 0) {
    throw InputError(o.files.back(), 0,
                     "cannot measure what a boot costs: no start times on both sides of a "
                     "reboot; give --boot-cost SECONDS");
  }
  if (!(m.costs.run_seconds > 0))
    throw InputError(o.files.back(), 0,
                     "cannot measure what a run costs: no start or real times in the pilot");
  return m;
}

}  // namespace

PilotPlan PlanPilot(const PlanOptions& o, std::vector<std::string>& notes) {
  const CompareInput in = LoadCompareSets(o.files, notes, 1);
  const CompareSet& set = OneSet(in, o);
  CheckMetrics(in, o);
  const std::vector<PilotBoot> boots = PilotBoots(set);
  if (boots.size() < 2)
    throw InputError(o.files.back(), 0,
                     fmt::format("the pilot has one boot ({}); plan needs two or more boots of "
                                 "one kernel to tell the variance between boots from that "
                                 "between runs: reboot and append to the same file (within one "
                                 "boot, the run mode's --target-ci stops when the interval is "
                                 "narrow enough)",
                                 boots.empty() || boots.front().key.starts_with("set:")
                                     ? "its rows carry no boot_id"
                                     : "boot_id " + boots.front().key.substr(3)));
  PlanContext context;
  context.label = set.label;
  context.boots = boots.size();
  context.runs = static_cast<std::size_t>(set.runs);
  context.counting_runs = static_cast<std::size_t>(set.counting_runs);
  context.counting_runs_per_boot = (context.counting_runs + boots.size() - 1) / boots.size();
  context.measured = Costs(set, boots, o);
  context.boot_cost_given = o.boot_cost_seconds.has_value();
  context.target_percent = o.target_ci_percent;
  context.confidence_percent = o.confidence_percent;

  // A boot of the plan makes the pilot's counting runs (timeit's default
  // number, whatever -n), a fixed cost of the boot as the reboot is.
  stats::PilotCosts costs = context.measured.costs;
  costs.boot_seconds += static_cast<double>(context.counting_runs_per_boot) * costs.run_seconds;
  std::vector<PlannedMetric> planned;
  for (const std::string& metric : o.metrics) {
    const std::optional<MetricPilot> pilot = AnalysePilot(set, metric);
    if (!pilot) {
      notes.push_back(metric + ": fewer than two values in the pilot, no plan");
      continue;
    }
    stats::BootPlan plan =
        stats::PlanBoots(pilot->components, costs, o.target_ci_percent, o.confidence_percent);
    // A boot of fewer runs than that makes one counting run per run.
    const std::size_t counting = std::min(plan.runs_per_boot, context.counting_runs_per_boot);
    plan.seconds_per_kernel =
        static_cast<double>(plan.boots) *
        (context.measured.costs.boot_seconds +
         static_cast<double>(plan.runs_per_boot + counting) * costs.run_seconds);
    planned.push_back({*pilot, plan});
  }
  return {context, planned};
}

int PlanMain(int argc, char** argv) {
  const PlanOptions o = ParsePlanOptions(argc, argv);
  if (o.help) {
    std::fputs(PlanUsage().c_str(), stdout);
    return kExitOk;
  }
  std::vector<std::string> notes;
  const PilotPlan plan = PlanPilot(o, notes);
  for (const std::string& n : notes) std::fprintf(stderr, "timeit: %s\n", n.c_str());
  if (plan.metrics.empty())
    throw InputError(o.files.back(), 0, "no metric of -m has values to plan from");
  const std::string text = FormatPlan(plan.context, plan.metrics);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return kExitOk;
}

}  // namespace timeit
