#include "stats/comparison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "stats/mann_whitney.h"
#include "tests/stats/summary_of.h"

namespace timeit::stats {
namespace {

// R's `sleep` data set: extra hours of sleep with two drugs.
const std::vector<double> kSleepGroup1{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
const std::vector<double> kSleepGroup2{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

// R: t.test(extra ~ group, data = sleep, var.equal = TRUE)
TEST(SleepReferenceTest, StudentPooled) {
  const StudentComparison c = CompareStudent(SummaryOf(kSleepGroup1), SummaryOf(kSleepGroup2), 95);
  EXPECT_NEAR(c.t, -1.860813, 1e-6);
  EXPECT_EQ(c.df, 18);
  EXPECT_NEAR(c.p, 0.07918671, 1e-8);
  EXPECT_NEAR(c.difference, -1.58, 1e-12);
  EXPECT_FALSE(c.significant);
  // R's 95% interval is -3.3638740 .. 0.2038740 with the exact qt(0.975, 18)
  // = 2.100922; ministat's table rounds it to 2.101.
  EXPECT_NEAR(c.margin, 1.783874 * 2.101 / 2.100922, 1e-5);
}

// R: t.test(extra ~ group, data = sleep)
TEST(SleepReferenceTest, Welch) {
  const WelchComparison w = CompareWelch(SummaryOf(kSleepGroup1), SummaryOf(kSleepGroup2), 95);
  EXPECT_NEAR(w.t, -1.860813, 1e-6);
  EXPECT_NEAR(w.df, 17.77647, 1e-5);
  EXPECT_NEAR(w.p, 0.07939414, 1e-8);
  // R: conf.int -3.3654832 0.2054832
  EXPECT_NEAR(w.difference - w.margin, -3.3654832, 1e-6);
  EXPECT_NEAR(w.difference + w.margin, 0.2054832, 1e-6);
}

// R: wilcox.test(extra ~ group, data = sleep) — ties, so the normal
// approximation with continuity correction.
TEST(SleepReferenceTest, MannWhitney) {
  const MannWhitneyResult r = MannWhitneyU(kSleepGroup1, kSleepGroup2);
  EXPECT_EQ(r.u, 25.5);
  EXPECT_FALSE(r.exact);
  EXPECT_NEAR(r.p, 0.06932758, 1e-8);
}

// Current ministat's relative line for {1,2,3} against {4,5,6}, worked by
// hand: re = 2.776 * sqrt((2*1 + 2*1*25/4) * 6 / (9*4)) = 4.315459...
TEST(RelativeTest, CurrentMinistatFormula) {
  const Summary base = SummaryOf({1, 2, 3});
  const Summary x = SummaryOf({4, 5, 6});
  const StudentComparison c = CompareStudent(x, base, 95);
  EXPECT_EQ(c.difference, 3);
  EXPECT_EQ(c.pooled_stddev, 1);
  EXPECT_NEAR(c.margin, 2.776 * std::sqrt(2.0 / 3), 1e-12);
  EXPECT_NEAR(c.relative_percent, 150, 1e-12);
  const double re = 2.776 * std::sqrt(14.5 / 6);
  EXPECT_NEAR(c.relative_margin_percent, re * 100 / 2, 1e-9);
  const RelativeInterval ri = RelativeDifference(x, base, 95);
  EXPECT_NEAR(ri.low_percent, 150 - re * 50, 1e-9);
  EXPECT_NEAR(ri.high_percent, 150 + re * 50, 1e-9);
  EXPECT_TRUE(c.significant);
}

TEST(WelchTest, TooFewValuesIsNaN) {
  const Summary one = SummaryOf({1});
  EXPECT_TRUE(std::isnan(CompareWelch(one, SummaryOf({1, 2, 3}), 95).p));
}

}  // namespace
}  // namespace timeit::stats
