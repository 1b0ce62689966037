// --rotate's packing, on models of real PMUs: which sets fit is the model's
// (the kernel's scheduling of general and dedicated counters), what is
// asserted is the plan's promise -- every event counted in exactly one group
// (the companions in every group that has room), every group fitting.
#include "counters/rotation_plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace timeit::counters {
namespace {

/// A PMU with `general` counters and, when `cycle_counter`, one more that
/// only cycle-type events can take (Neoverse N1: 6 + the cycle counter).
struct PmuModel {
  int general;
  bool cycle_counter;
  std::vector<bool> cycle_type;  ///< per event
  std::set<std::size_t> never;   ///< events no counter takes (constraints)

  bool Fits(const std::vector<std::size_t>& events) const {
    int cycles = 0;
    for (std::size_t e : events) {
      if (never.count(e)) return false;
      cycles += cycle_type[e] ? 1 : 0;
    }
    const int size = static_cast<int>(events.size());
    return size <= general + (cycle_counter && cycles > 0 ? 1 : 0);
  }
  FitsFn Fn() const {
    return [this](const std::vector<std::size_t>& e, int&) { return Fits(e); };
  }
};

void ExpectEveryEventOnceAndEveryGroupFits(const RotationPlan& plan, std::size_t count,
                                           const std::vector<std::size_t>& companions,
                                           const PmuModel& pmu) {
  std::vector<int> seen(count, 0);
  for (const std::vector<std::size_t>& g : plan.groups) {
    EXPECT_TRUE(pmu.Fits(g));
    for (std::size_t e : g) ++seen[e];
  }
  for (std::size_t e = 0; e < count; ++e) {
    const bool companion = std::find(companions.begin(), companions.end(), e) != companions.end();
    if (companion) {
      EXPECT_GE(seen[e], 1) << "companion " << e;
    } else {
      EXPECT_EQ(seen[e], 1) << "event " << e;
    }
  }
}

// The issue's set on Neoverse N1: r08, r08:u, r08:k, r11, r11:u, r11:k,
// instructions, instructions:u, instructions:k, cycles, cycles:u. cycles (9)
// and instructions (6) are the companions; r11*, cycles* are cycle-type.
TEST(RotationPlanTest, TheIssuesElevenEventsOnNeoverseN1) {
  PmuModel n1{
      6, true, {false, false, false, true, true, true, false, false, false, true, true}, {}};
  const std::vector<std::size_t> companions = {6, 9};
  const RotationPlan plan = PlanRotation(11, companions, n1.Fn());
  ExpectEveryEventOnceAndEveryGroupFits(plan, 11, companions, n1);
  EXPECT_EQ(plan.groups.size(), 2u);  // 9 others, 5 beside the 2 companions per group
  for (const auto& g : plan.groups) {
    EXPECT_NE(std::find(g.begin(), g.end(), 6), g.end());
    EXPECT_NE(std::find(g.begin(), g.end(), 9), g.end());
  }
  EXPECT_TRUE(plan.without_companions.empty());
  EXPECT_FALSE(plan.unfit);
}

TEST(RotationPlanTest, EverythingFitsIsOneGroup) {
  PmuModel n1{6, true, std::vector<bool>(5, false), {}};
  const RotationPlan plan = PlanRotation(5, {0, 1}, n1.Fn());
  ASSERT_EQ(plan.groups.size(), 1u);
  EXPECT_EQ(plan.groups[0].size(), 5u);
}

// A Pentium III has 2 counters: cycles and instructions fill it, so the
// default set's other three hardware metrics share groups without them,
// and the companions get a group of their own.
TEST(RotationPlanTest, TwoCountersLeaveNoRoomBesideTheCompanions) {
  PmuModel p6{2, false, std::vector<bool>(5, false), {}};
  const std::vector<std::size_t> companions = {0, 1};
  const RotationPlan plan = PlanRotation(5, companions, p6.Fn());
  ExpectEveryEventOnceAndEveryGroupFits(plan, 5, companions, p6);
  EXPECT_EQ(plan.groups.size(), 3u);  // {2, 3}, {4}, {0, 1}
  EXPECT_EQ(plan.without_companions, (std::vector<std::size_t>{2, 3, 4}));
}

TEST(RotationPlanTest, AnEventThatFitsNotEvenAloneIsNamed) {
  PmuModel pmu{4, false, std::vector<bool>(6, false), {3}};
  const RotationPlan plan = PlanRotation(6, {0}, pmu.Fn());
  ASSERT_TRUE(plan.unfit);
  EXPECT_EQ(*plan.unfit, 3u);
}

// Random sets on random PMUs: the promise holds whatever the draw.
TEST(RotationPlanTest, RandomSetsOnRandomPmus) {
  unsigned state = 12345;
  auto next = [&state](unsigned n) {
    state = state * 1103515245u + 12345u;
    return (state >> 16) % n;
  };
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t count = 1 + next(16);
    PmuModel pmu{static_cast<int>(2 + next(7)), next(2) == 1, {}, {}};
    for (std::size_t e = 0; e < count; ++e) pmu.cycle_type.push_back(next(3) == 0);
    std::vector<std::size_t> companions;
    for (std::size_t e = 0; e < count && companions.size() < 2; ++e)
      if (next(3) == 0) companions.push_back(e);
    const RotationPlan plan = PlanRotation(count, companions, pmu.Fn());
    ASSERT_FALSE(plan.unfit);
    ExpectEveryEventOnceAndEveryGroupFits(plan, count, companions, pmu);
  }
}

}  // namespace
}  // namespace timeit::counters
