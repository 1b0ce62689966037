#include "stats/equivalence.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>
#include "tests/stats/summary_of.h"

namespace timeit::stats {
namespace {

// R's `sleep` data set (group 2 against group 1), bounds +/- 2.5:
//   t.test(g2, g1, mu = -2.5, alternative = "greater", var.equal = TRUE)
//     -> t = 4.80513857426985, p = 7.08992929413233e-05
//   t.test(g2, g1, mu = 2.5, alternative = "less", var.equal = TRUE)
//     -> t = -1.08351163929614, p = 0.146441171745771
TEST(EquivalenceTest, SleepDataAgainstR) {
  const Summary g1 = SummaryOf({0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0});
  const Summary g2 = SummaryOf({1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4});
  const EquivalenceTest e = TestEquivalence(g2, g1, 2.5);
  EXPECT_EQ(e.df, 18);
  EXPECT_NEAR(e.t_lower, 4.80513857426985, 1e-10);
  EXPECT_NEAR(e.t_upper, -1.08351163929614, 1e-10);
  EXPECT_NEAR(e.p_lower, 7.08992929413233e-05, 1e-14);
  EXPECT_NEAR(e.p_upper, 0.146441171745771, 1e-12);
  EXPECT_DOUBLE_EQ(e.p, e.p_upper);
}

// a <- c(10.1, 10.3, 9.9, 10.0, 10.2, 10.1, 9.8, 10.0)
// b <- c(10.0, 10.2, 10.1, 9.9, 10.3, 10.0, 10.1, 10.2); d <- 0.03 * mean(a)
// t.test(b, a, mu = -d, alternative = "greater", var.equal = TRUE)$p.value
//   -> 0.000140645455743294
// t.test(b, a, mu = d, alternative = "less", var.equal = TRUE)$p.value
//   -> 0.00200686254023059
TEST(EquivalenceTest, NearlyEqualSetsAgainstR) {
  const Summary a = SummaryOf({10.1, 10.3, 9.9, 10.0, 10.2, 10.1, 9.8, 10.0});
  const Summary b = SummaryOf({10.0, 10.2, 10.1, 9.9, 10.3, 10.0, 10.1, 10.2});
  const EquivalenceTest e = TestEquivalence(b, a, 0.03 * a.mean);
  EXPECT_NEAR(e.p_lower, 0.000140645455743294, 1e-13);
  EXPECT_NEAR(e.p_upper, 0.00200686254023059, 1e-12);
  EXPECT_NEAR(e.p, 0.00200686254023059, 1e-12);
}

TEST(EquivalenceTest, NoVarianceIsNoTest) {
  const Summary a = SummaryOf({5, 5, 5});
  const Summary b = SummaryOf({6, 6, 6});
  EXPECT_TRUE(std::isnan(TestEquivalence(b, a, 1).p));
  EXPECT_TRUE(std::isnan(TestEquivalence(SummaryOf({1}), SummaryOf({1, 2}), 1).p));
}

}  // namespace
}  // namespace timeit::stats
