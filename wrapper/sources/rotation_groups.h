#pragma once

#include <string>
#include <vector>

#include "counters/counter_plan.h"

namespace timeit {

/// --rotate's groups, as indices into the counted events (the counter source's
/// tree slots).
struct Rotation {
  std::vector<std::vector<std::size_t>> groups;  ///< empty: nothing rotates
  std::string note;                              ///< said once, at the first run
};

/// --rotate: the plan's hardware counters packed into groups that fit the
/// PMU now (probed on this process), `cycles` and `instructions` in each;
/// `slot` gives each planned counter's index among the counted events, or
/// -1. Throws UsageError when an event fits the PMU not even alone.
Rotation PlanRotation(const counters::CounterPlan& plan, const std::vector<int>& slot);

}  // namespace timeit
