#include "stats/summary.h"

#include <gtest/gtest.h>

#include <vector>

namespace timeit::stats {
namespace {

TEST(SummaryTest, OddCountUsesMiddleValue) {
  const std::vector<double> v{1, 2, 3, 4, 10};
  const Summary s = Summarize(v);
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 10);
  EXPECT_DOUBLE_EQ(s.median, 3);
  EXPECT_DOUBLE_EQ(s.mean, 4);
  EXPECT_DOUBLE_EQ(s.variance, 12.5);  // (9+4+1+0+36)/4
}

TEST(SummaryTest, EvenCountAveragesTheTwoMiddleValues) {
  const std::vector<double> v{1, 2, 4, 8};
  EXPECT_DOUBLE_EQ(Summarize(v).median, 3);
}

// Old ministat's one-pass sum of squares prints Stddev 0 here.
TEST(SummaryTest, TwoPassVarianceSurvivesLargeOffsets) {
  const std::vector<double> v{1000000001, 1000000002, 1000000003, 1000000004, 1000000005};
  EXPECT_DOUBLE_EQ(Summarize(v).variance, 2.5);
}

TEST(SummaryTest, EmptyAndSingleton) {
  EXPECT_EQ(Summarize({}).n, 0u);
  const std::vector<double> one{7};
  const Summary s = Summarize(one);
  EXPECT_DOUBLE_EQ(s.median, 7);
  EXPECT_DOUBLE_EQ(s.stddev, 0);
}

}  // namespace
}  // namespace timeit::stats
