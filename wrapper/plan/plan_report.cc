#include "wrapper/plan/plan_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "stats/mixed_model.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/verdicts/readable_numbers.h"

namespace timeit {
namespace {

std::string PercentOfMean(double sd, double mean) {
  return mean == 0 ? "-" : ReadablePercent(sd * 100 / std::fabs(mean), false) + "%";
}

std::string CostLine(const PlanContext& c) {
  const std::string boot =
      c.boot_cost_given
          ? fmt::format("a boot costs {} (--boot-cost)", Duration(c.measured.costs.boot_seconds))
          : fmt::format("a boot costs {} (measured from {} reboot{})",
                        Duration(c.measured.costs.boot_seconds), c.measured.reboots,
                        c.measured.reboots == 1 ? "" : "s");
  const std::string counting =
      c.counting_runs_per_boot == 0
          ? std::string()
          : fmt::format(", {} with its {} counting runs",
                        Duration(c.measured.costs.boot_seconds +
                                 static_cast<double>(c.counting_runs_per_boot) *
                                     c.measured.costs.run_seconds),
                        c.counting_runs_per_boot);
  return fmt::format("{}{}, a run {}\n", boot, counting, Duration(c.measured.costs.run_seconds));
}

std::vector<std::string> Line(const PlannedMetric& m) {
  const stats::PilotComponents& p = m.pilot.components;
  const double share = stats::VarianceShare(m.pilot.fit, 0);
  const stats::BootPlan& plan = m.plan;
  return {m.pilot.metric,
          SiNumber(p.mean),
          PercentOfMean(p.boot_sd, p.mean),
          PercentOfMean(p.run_sd, p.mean),
          std::isnan(share) ? "-" : fmt::format("{:.0f}%", share * 100),
          std::to_string(plan.runs_per_boot),
          plan.reachable ? std::to_string(plan.boots) : fmt::format(">{}", stats::kMaxBoots),
          "+/-" + ReadablePercent(plan.half_width_percent, false) + "%",
          plan.reachable && std::isfinite(plan.seconds_per_kernel)
              ? Duration(plan.seconds_per_kernel)
              : "-"};
}

/// "A B B A A B" for `boots` boots of each kernel; a long order as its
/// repeated unit.
std::string Order(std::size_t boots) {
  constexpr std::size_t kSpelledOut = 6;
  std::string text;
  for (int k : stats::InterleavedBootOrder(std::min(boots, kSpelledOut)))
    text += (text.empty() ? "" : " ") + std::string(k ? "B" : "A");
  if (boots > kSpelledOut) text = "A B B A, repeated: " + text + " ...";
  return text;
}

}  // namespace

std::string Duration(double seconds) {
  if (!std::isfinite(seconds)) return "?";
  if (seconds < 10) return fmt::format("{:.2g} s", seconds);
  const auto s = static_cast<long>(std::lround(seconds));
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  return fmt::format("{} h {:02} min", s / 3600, (s % 3600 + 30) / 60 % 60);
}

const PlannedMetric& MostDemanding(const std::vector<PlannedMetric>& metrics) {
  return *std::max_element(metrics.begin(), metrics.end(),
                           [](const PlannedMetric& a, const PlannedMetric& b) {
                             return a.plan.seconds_per_kernel < b.plan.seconds_per_kernel;
                           });
}

std::string FormatPlan(const PlanContext& c, const std::vector<PlannedMetric>& metrics) {
  std::string text = fmt::format(
      "Plan from a pilot of {} boots of {} ({} runs{})\n", c.boots, c.label, c.runs,
      c.counting_runs == 0 ? "" : fmt::format(", {} of them counting runs", c.counting_runs));
  text += CostLine(c);
  text += fmt::format(
      "for a {}% interval of two kernels' difference within +/-{}% of the mean, each kernel "
      "booted as below:\n\n",
      ReadablePercent(c.confidence_percent, false), ReadablePercent(c.target_percent, false));
  std::vector<std::vector<std::string>> table = {{"metric", "mean", "boot sd", "run sd",
                                                  "between boots", "runs/boot", "boots/kernel",
                                                  "interval", "time/kernel"}};
  for (const PlannedMetric& m : metrics) table.push_back(Line(m));
  text += AlignColumns(table, 1, /*last_left=*/false);
  const PlannedMetric* most = metrics.empty() ? nullptr : &MostDemanding(metrics);
  if (most == nullptr || !most->plan.reachable) {
    text += fmt::format("\nNo plan reaches +/-{}% within {} boots a kernel: widen --target-ci.\n",
                        ReadablePercent(c.target_percent, false), stats::kMaxBoots);
    return text;
  }
  text += fmt::format(
      "\nBoot order for kernels A and B ({} boots each, {} runs per boot{}): {}\n"
      "In each boot: timeit -n {}{} -o A.csv -- COMMAND (or B.csv; appending), "
      "then: timeit compare A.csv B.csv\n",
      most->plan.boots, most->plan.runs_per_boot,
      metrics.size() > 1 ? ", as " + most->pilot.metric + " needs" : "", Order(most->plan.boots),
      most->plan.runs_per_boot,
      c.counting_runs_per_boot == 0 ? std::string()
                                    : fmt::format(" --counting-runs {}", c.counting_runs_per_boot));
  return text;
}

}  // namespace timeit
