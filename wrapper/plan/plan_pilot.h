#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "stats/boot_plan.h"
#include "stats/mixed_model.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// One boot of a pilot series, from its measured runs.
struct PilotBoot {
  std::string key;  ///< as BootKeys: "id:BOOT_ID", or "set:LABEL" without a boot_id
  std::size_t runs = 0;
  double first_start = 0;  ///< seconds since the epoch; NaN when unknown
  double last_end = 0;     ///< the last run's start plus its `real`; NaN when unknown
};

/// The boots of `set` in the order they ran (by their first start; in file
/// order where the start is unknown).
std::vector<PilotBoot> PilotBoots(const CompareSet& set);

/// What a boot and a run of the pilot cost. A boot: the mean time from one
/// boot's last run's end to the next boot's first measured run (the reboot,
/// the warm-up and whatever else sits between), over the `reboots` such
/// transitions whose times are known. A run: the mean time from one
/// measured run's start to the next in the same boot, or the mean `real`
/// when no boot has two runs.
struct MeasuredCosts {
  stats::PilotCosts costs;
  std::size_t reboots = 0;  ///< transitions measured; 0: the boot cost is unknown
};

MeasuredCosts MeasureCosts(const CompareSet& set, const std::vector<PilotBoot>& boots);

/// One metric's variance components from the pilot: the mixed model with
/// one set and a random intercept per boot (hosts are not a level here: a
/// pilot plans for one machine).
struct MetricPilot {
  std::string metric;
  std::size_t values = 0;
  stats::MixedModelFit fit;
  stats::PilotComponents components;
};

/// nullopt when the set has no values of `metric` or the model cannot be
/// fitted (fewer than two values).
std::optional<MetricPilot> AnalysePilot(const CompareSet& set, const std::string& metric);

}  // namespace timeit
