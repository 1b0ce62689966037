#pragma once

#include <optional>
#include <string>
#include <vector>

#include "wrapper/base/option_word.h"

namespace timeit {

/// What `timeit plan` was asked to do.
struct PlanOptions {
  std::vector<std::string> files;            ///< the pilot series (one kernel, several boots)
  std::vector<std::string> metrics{"real"};  ///< -m: the metrics to plan for
  double target_ci_percent = 1;    ///< --target-ci: half width of the difference's interval
  double confidence_percent = 95;  ///< -c
  std::optional<double> boot_cost_seconds;  ///< --boot-cost: instead of the pilot's start times
  bool help = false;
};

/// The usage text, newline included.
std::string PlanUsage();

/// The options' words, for `timeit completion`.
OptionWords PlanOptionWords();

/// Parses `timeit plan` arguments (argv[0] is the subcommand's name). Throws
/// UsageError.
PlanOptions ParsePlanOptions(int argc, char** argv);

}  // namespace timeit
