#include "stats/holm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace timeit::stats {
namespace {

// Expected values from R 4.2.2: p.adjust(p, "holm"), printed with digits=17.
TEST(HolmTest, AgreesWithRsPAdjust) {
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005, 0.2, 0.04, 0.9};
  const std::vector<double> r = {0.06, 0.16, 0.15, 0.035, 0.4, 0.16, 0.9};
  const std::vector<double> adjusted = HolmAdjust(p);
  ASSERT_EQ(adjusted.size(), r.size());
  for (std::size_t i = 0; i < r.size(); ++i) EXPECT_NEAR(adjusted[i], r[i], 1e-15) << i;
}

// R: p.adjust(c(0.5, NA, 0.001, 0.02), "holm") counts three tests.
TEST(HolmTest, NanIsNotATestAndStaysNan) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> adjusted = HolmAdjust({0.5, nan, 0.001, 0.02});
  EXPECT_DOUBLE_EQ(adjusted[0], 0.5);
  EXPECT_TRUE(std::isnan(adjusted[1]));
  EXPECT_DOUBLE_EQ(adjusted[2], 0.003);
  EXPECT_DOUBLE_EQ(adjusted[3], 0.04);
}

TEST(HolmTest, NeverAboveOneAndMonotoneInP) {
  const std::vector<double> adjusted = HolmAdjust({0.3, 0.6, 0.9});
  EXPECT_DOUBLE_EQ(adjusted[0], 0.9);
  EXPECT_DOUBLE_EQ(adjusted[1], 1.0);
  EXPECT_DOUBLE_EQ(adjusted[2], 1.0);
  EXPECT_TRUE(HolmAdjust({}).empty());
}

}  // namespace
}  // namespace timeit::stats
