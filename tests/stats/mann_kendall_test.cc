#include "stats/mann_kendall.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit::stats {
namespace {

// Reference values from R 4.2 (Debian 12's r-base-core):
//   cor.test(x, seq_along(x), method = "kendall", exact = FALSE,
//            continuity = TRUE)
// whose statistic z and p.value are the continuity-corrected Mann-Kendall
// test with the tie-corrected variance.

// x <- c(5.1, 5.3, 5.2, 5.6, 5.5, 5.9, 6.0, 5.8, 6.3, 6.4)
//   -> z = 3.2199378875997, p = 0.00128218374180531 (no ties; tau 0.8222 = S/45)
TEST(MannKendallTest, RisingSeriesAgainstR) {
  const std::vector<double> x{5.1, 5.3, 5.2, 5.6, 5.5, 5.9, 6.0, 5.8, 6.3, 6.4};
  const TrendTest t = MannKendall(x);
  EXPECT_EQ(t.s, 37);  // tau = 0.822222 = 37 / 45
  EXPECT_DOUBLE_EQ(t.variance, 125);
  EXPECT_NEAR(t.z, 3.2199378875997, 1e-12);
  EXPECT_NEAR(t.p, 0.00128218374180531, 1e-14);
}

// x <- c(3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4)
//   -> z = 1.27886037977871, p = 0.200946226864307 (many ties)
TEST(MannKendallTest, TiesAgainstR) {
  const std::vector<double> x{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4};
  const TrendTest t = MannKendall(x);
  EXPECT_NEAR(t.z, 1.27886037977871, 1e-12);
  EXPECT_NEAR(t.p, 0.200946226864307, 1e-12);
}

// Integer counts, mostly tied, falling:
// x <- c(53, 50, 50, 51, 50, 50, 49, 50, 50, 48, 50, 47)
//   -> z = -2.4664079785858, p = 0.0136475790432187
TEST(MannKendallTest, FallingCountsAgainstR) {
  const std::vector<double> x{53, 50, 50, 51, 50, 50, 49, 50, 50, 48, 50, 47};
  const TrendTest t = MannKendall(x);
  EXPECT_LT(t.s, 0);
  EXPECT_NEAR(t.z, -2.4664079785858, 1e-12);
  EXPECT_NEAR(t.p, 0.0136475790432187, 1e-13);
}

TEST(MannKendallTest, ConstantOrShortSeriesHasNoP) {
  EXPECT_TRUE(std::isnan(MannKendall(std::vector<double>{4, 4, 4, 4}).p));
  EXPECT_TRUE(std::isnan(MannKendall(std::vector<double>{1, 2}).p));
  EXPECT_EQ(MannKendall(std::vector<double>{}).s, 0);
}

}  // namespace
}  // namespace timeit::stats
