#include "counters/rotation_plan.h"

#include <algorithm>

namespace timeit::counters {
namespace {

bool Contains(const std::vector<std::size_t>& v, std::size_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

/// Starts from `seed` and adds each pending event that keeps the group
/// fitting; the added ones leave `pending`.
std::vector<std::size_t> Fill(std::vector<std::size_t> seed, std::vector<std::size_t>& pending,
                              const FitsFn& fits) {
  for (auto it = pending.begin(); it != pending.end();) {
    std::vector<std::size_t> trial = seed;
    trial.push_back(*it);
    int error = 0;
    if (fits(trial, error)) {
      seed = std::move(trial);
      it = pending.erase(it);
    } else {
      ++it;
    }
  }
  return seed;
}

}  // namespace

RotationPlan PlanRotation(std::size_t count, const std::vector<std::size_t>& companions,
                          const FitsFn& fits) {
  RotationPlan plan;
  std::vector<std::size_t> pending;
  for (std::size_t i = 0; i < count; ++i)
    if (!Contains(companions, i)) pending.push_back(i);
  // Companions that do not fit together are no companions: each is then an
  // event like the others.
  std::vector<std::size_t> seed = companions;
  int error = 0;
  if (!seed.empty() && !fits(seed, error)) {
    pending.insert(pending.begin(), seed.begin(), seed.end());
    std::sort(pending.begin(), pending.end());
    seed.clear();
  }
  bool seed_counted = false;
  while (!pending.empty()) {
    std::vector<std::size_t> group = Fill(seed, pending, fits);
    if (group.size() == seed.size()) {
      // Nothing more fits beside the companions: the first pending event,
      // and what fits with it, without them.
      const std::size_t first = pending.front();
      pending.erase(pending.begin());
      int alone_error = 0;
      if (!fits({first}, alone_error)) {
        plan.unfit = first;
        plan.unfit_error = alone_error;
        return plan;
      }
      group = Fill({first}, pending, fits);
      plan.without_companions.insert(plan.without_companions.end(), group.begin(), group.end());
    } else {
      seed_counted = true;
    }
    plan.groups.push_back(std::move(group));
  }
  // The companions are counted too, in a group of their own when no other
  // event fitted beside them.
  if (!seed.empty() && !seed_counted) plan.groups.push_back(seed);
  return plan;
}

}  // namespace timeit::counters
