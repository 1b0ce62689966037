#include "stats/mean_interval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>
#include "tests/stats/summary_of.h"

namespace timeit::stats {
namespace {

// R: t.test(c(10.1, 10.3, 9.9, 10.0, 10.2, 10.1, 9.8, 10.0))$conf.int
//   -> 9.91593840613229 10.1840615938677 (mean 10.05)
TEST(MeanIntervalTest, NinetyFivePercentAgainstR) {
  const MeanInterval m =
      IntervalOfMean(SummaryOf({10.1, 10.3, 9.9, 10.0, 10.2, 10.1, 9.8, 10.0}), 95);
  EXPECT_DOUBLE_EQ(m.mean, 10.05);
  EXPECT_NEAR(m.mean - m.half_width, 9.91593840613229, 1e-12);
  EXPECT_NEAR(m.mean + m.half_width, 10.1840615938677, 1e-12);
  EXPECT_NEAR(m.half_width_percent, (10.1840615938677 - 10.05) * 100 / 10.05, 1e-10);
}

// R: t.test(c(5.1, 5.3, 5.2, 5.6, 5.5, 5.9, 6.0, 5.8, 6.3, 6.4),
//           conf.level = 0.90)$conf.int -> 5.45011138774502 5.96988861225498
TEST(MeanIntervalTest, NinetyPercentAgainstR) {
  const MeanInterval m =
      IntervalOfMean(SummaryOf({5.1, 5.3, 5.2, 5.6, 5.5, 5.9, 6.0, 5.8, 6.3, 6.4}), 90);
  EXPECT_NEAR(m.mean - m.half_width, 5.45011138774502, 1e-12);
  EXPECT_NEAR(m.mean + m.half_width, 5.96988861225498, 1e-12);
}

TEST(MeanIntervalTest, EdgeCases) {
  EXPECT_TRUE(std::isnan(IntervalOfMean(SummaryOf({3}), 95).half_width));
  EXPECT_EQ(IntervalOfMean(SummaryOf({3, 3, 3}), 95).half_width_percent, 0);
  EXPECT_TRUE(std::isinf(IntervalOfMean(SummaryOf({-1, 1}), 95).half_width_percent));
}

}  // namespace
}  // namespace timeit::stats
