#include "stats/boot_plan.h"

#include <gtest/gtest.h>

#include <cmath>

namespace timeit::stats {
namespace {

// Kalibera and Jones' r = ceil(sqrt(c_boot s_run^2 / (c_run s_boot^2))):
// sqrt(100 * 1e-4 / (1 * 2.5e-5)) = 20 runs per boot.
TEST(BootPlanTest, RunsPerBootByKaliberaAndJones) {
  const BootPlan p = PlanBoots({1, 0.005, 0.01}, {100, 1}, 1, 95);
  EXPECT_EQ(p.runs_per_boot, 20u);
  // sqrt(60 * 1e-6 / (1 * 1e-4)) = 0.77: one run per boot when boots vary most.
  EXPECT_EQ(PlanBoots({1, 0.01, 0.001}, {60, 1}, 1, 95).runs_per_boot, 1u);
}

// Boot sd 1% and no run-to-run spread: the half width is t(2m - 2) *
// sqrt(2/m) %; R: qt(.975, 14) * sqrt(2/8) = 1.072393, qt(.975, 16) *
// sqrt(2/9) = 0.9993329 -- nine boots per kernel for +/-1%.
TEST(BootPlanTest, FewestBootsThatReachTheTarget) {
  const BootPlan p = PlanBoots({1, 0.01, 0}, {60, 2}, 1, 95);
  EXPECT_EQ(p.runs_per_boot, 1u);
  EXPECT_EQ(p.boots, 9u);
  EXPECT_NEAR(p.half_width_percent, 0.9993329, 1e-6);
  EXPECT_TRUE(p.reachable);
  EXPECT_DOUBLE_EQ(p.seconds_per_kernel, 9 * (60 + 1 * 2));
}

// Without boot-to-boot variance two boots do, with the runs the target
// needs. R: qt(.975, 2) * sqrt(2 * (0.01^2 / 37) / 2) * 100 = 0.7073518,
// the interval with 37 runs of sd 1% in each of two boots.
TEST(BootPlanTest, NoBootVarianceTakesTwoBoots) {
  const BootPlan p = PlanBoots({1, 0, 0.01}, {60, 1}, 0.71, 95);
  EXPECT_EQ(p.boots, 2u);
  EXPECT_LE(p.half_width_percent, 0.71);
  EXPECT_TRUE(p.reachable);
  EXPECT_EQ(p.runs_per_boot, 37u);  // 36: qt(.975, 2) * sqrt(1e-4 / 36) * 100 = 0.717
}

TEST(BootPlanTest, UnreachableTargetSaysSo) {
  const BootPlan p = PlanBoots({1, 0.5, 0.01}, {60, 1}, 0.001, 95);
  EXPECT_FALSE(p.reachable);
  EXPECT_EQ(p.boots, kMaxBoots);
}

TEST(BootPlanTest, InterleavedOrderIsABBA) {
  EXPECT_EQ(InterleavedBootOrder(3), (std::vector<int>{0, 1, 1, 0, 0, 1}));
  EXPECT_EQ(InterleavedBootOrder(4), (std::vector<int>{0, 1, 1, 0, 0, 1, 1, 0}));
}

TEST(BootPlanTest, InterleavedOrderOfMoreKernelsReversesEveryOtherRound) {
  EXPECT_EQ(InterleavedBootOrder(2, 3), InterleavedBootOrder(3));
  EXPECT_EQ(InterleavedBootOrder(3, 3), (std::vector<int>{0, 1, 2, 2, 1, 0, 0, 1, 2}));
  // Over two rounds every kernel's mean position is the same.
  const std::vector<int> order = InterleavedBootOrder(4, 2);
  std::vector<int> sum(4);
  for (std::size_t i = 0; i < order.size(); ++i) sum[order[i]] += static_cast<int>(i % 4);
  EXPECT_EQ(sum, (std::vector<int>{3, 3, 3, 3}));
}

}  // namespace
}  // namespace timeit::stats
