#pragma once

#include <string>
#include <vector>

#include "stats/boot_plan.h"
#include "wrapper/plan/plan_pilot.h"

namespace timeit {

/// One metric's line of the plan.
struct PlannedMetric {
  MetricPilot pilot;
  stats::BootPlan plan;
};

/// What the report says about the pilot and its costs.
struct PlanContext {
  std::string label;
  std::size_t boots = 0, runs = 0;
  /// Of the pilot's runs, counting runs (the `role` column), and per boot:
  /// each boot of the plan makes as many, so the plan counts them in the
  /// boot's cost, not the run's (their number does not grow with -n).
  std::size_t counting_runs = 0, counting_runs_per_boot = 0;
  MeasuredCosts measured;
  bool boot_cost_given = false;  ///< --boot-cost, not measured
  double target_percent = 1, confidence_percent = 95;
};

/// The plan as a person reads it: the pilot and its costs, a table of the
/// metrics (mean, the two sds in % of the mean, the share between boots,
/// runs per boot, boots per kernel, the interval reached and the time per
/// kernel), then the interleaved boot order for the most demanding metric.
std::string FormatPlan(const PlanContext& context, const std::vector<PlannedMetric>& metrics);

/// The metric whose plan takes the most time per kernel: the boot order the
/// plan prints is its. `metrics` not empty.
const PlannedMetric& MostDemanding(const std::vector<PlannedMetric>& metrics);

/// "42 s", "5 min 19 s", "2 h 05 min".
std::string Duration(double seconds);

}  // namespace timeit
