#include "wrapper/sources/rotation_groups.h"

#include "counters/free_counters.h"
#include "counters/rotation_plan.h"
#include "wrapper/base/errors.h"

namespace timeit {

using counters::CounterPlan;

Rotation PlanRotation(const CounterPlan& plan, const std::vector<int>& slot) {
  std::vector<std::size_t> hardware;    // planned counter indices
  std::vector<std::size_t> companions;  // positions in `hardware`
  for (std::size_t i = 0; i < plan.counters.size(); ++i) {
    if (slot[i] < 0 || !counters::MayMultiplex(*plan.counters[i].encoding)) continue;
    const std::string& label = plan.counters[i].label;
    if (label == "cycles" || label == "instructions") companions.push_back(hardware.size());
    hardware.push_back(i);
  }
  auto labels = [&](const std::vector<std::size_t>& positions) {
    std::string text;
    for (std::size_t p : positions)
      text += (text.empty() ? "" : ", ") + plan.counters[hardware[p]].label;
    return text;
  };
  Rotation rotation;
  if (hardware.empty()) {
    rotation.note = "--rotate: no hardware event is counted here; nothing to rotate";
    return rotation;
  }
  const counters::FitsFn fits = [&](const std::vector<std::size_t>& positions, int& error) {
    std::vector<counters::EventEncoding> events;
    for (std::size_t p : positions) events.push_back(*plan.counters[hardware[p]].encoding);
    return counters::GroupFitsNow(events, plan.user_only, error);
  };
  const counters::RotationPlan packed = counters::PlanRotation(hardware.size(), companions, fits);
  if (packed.unfit) {
    const std::string& label = plan.counters[hardware[*packed.unfit]].label;
    throw UsageError("--rotate: " + label + " does not fit the PMU even alone (" +
                     (packed.unfit_error != 0
                          ? "perf_event_open: " + counters::ExplainOpenErrno(packed.unfit_error)
                          : std::string("the kernel never scheduled it: other users hold the "
                                        "counters it needs")) +
                     "); count it without --rotate, or leave it out");
  }
  if (packed.groups.size() <= 1) {
    rotation.note = "--rotate: the " + std::to_string(hardware.size()) +
                    " hardware events fit the PMU at once; nothing to rotate, every run counts "
                    "them all";
    return rotation;
  }
  rotation.note = "--rotate: " + std::to_string(hardware.size()) + " hardware events in " +
                  std::to_string(packed.groups.size()) +
                  " groups that each fit the PMU, one group a run in turn, each count exact:";
  for (std::size_t g = 0; g < packed.groups.size(); ++g) {
    rotation.note += (g ? ";" : "") + std::string(" group ") + std::to_string(g + 1) + " (" +
                     labels(packed.groups[g]) + ")";
    std::vector<std::size_t> events;
    for (std::size_t p : packed.groups[g])
      events.push_back(static_cast<std::size_t>(slot[hardware[p]]));
    rotation.groups.push_back(std::move(events));
  }
  if (!packed.without_companions.empty())
    rotation.note += "; " + labels(packed.without_companions) +
                     " fit the PMU only without cycles and instructions, so their ratios to them "
                     "stay empty";
  return rotation;
}

}  // namespace timeit
