#pragma once

#include <string>
#include <vector>

#include "wrapper/plan/plan_options.h"
#include "wrapper/plan/plan_report.h"

namespace timeit {

/// `timeit plan [options] FILE...`: how many runs per boot and boots per
/// kernel a comparison needs, from a pilot series of several boots.
int PlanMain(int argc, char** argv);

/// What timeit plan computes of its pilot: the context its report
/// describes, and each of -m's metrics with values, planned.
struct PilotPlan {
  PlanContext context;
  std::vector<PlannedMetric> metrics;
};

/// The plan of `o.files` for `o.metrics`, as timeit plan prints it (also
/// for timeit boots --plan, which takes the numbers, not the text). Throws
/// InputError and UsageError as timeit plan does; a metric without values
/// is a note in `notes`, not planned.
PilotPlan PlanPilot(const PlanOptions& o, std::vector<std::string>& notes);

}  // namespace timeit
