#include "stats/outliers.h"

#include <gtest/gtest.h>

#include <vector>

namespace timeit::stats {
namespace {

// By hand, as R computes 0.6745 * (x - median(x)) / mad(x, constant = 1).
TEST(OutliersTest, ModifiedZScoreAboveThreeAndAHalf) {
  const std::vector<double> v{1, 2, 3, 4, 100};  // median 3, MAD 1
  const std::vector<Outlier> found = FindOutliers(v);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 4u);
  EXPECT_EQ(found[0].value, 100);
  EXPECT_NEAR(found[0].score, 97 * 0.6745, 1e-9);
}

TEST(OutliersTest, EvenCountUsesTheMeanOfTheMiddleValues) {
  const std::vector<double> v{100, 1, 2, 3, 4, 5};  // median 3.5, MAD 1.5
  const std::vector<Outlier> found = FindOutliers(v);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 0u);
  EXPECT_NEAR(found[0].score, 96.5 * 0.6745 / 1.5, 1e-9);
}

TEST(OutliersTest, LowOutliersHaveNegativeScores) {
  const std::vector<double> v{10, 10.1, 9.9, 10.2, 9.8, 1};
  const std::vector<Outlier> found = FindOutliers(v);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 5u);
  EXPECT_LT(found[0].score, -3.5);
}

TEST(OutliersTest, ZeroMadFallsBackToMeanAbsoluteDeviation) {
  const std::vector<double> v{5, 5, 5, 5, 9};  // MAD 0, mean absolute deviation 0.8
  const std::vector<Outlier> found = FindOutliers(v);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NEAR(found[0].score, 4 / (1.253314 * 0.8), 1e-9);
}

TEST(OutliersTest, NoneWhenAllEqualTooFewOrWellBehaved) {
  EXPECT_TRUE(FindOutliers(std::vector<double>{7, 7, 7, 7, 7}).empty());
  EXPECT_TRUE(FindOutliers(std::vector<double>{1, 2, 1000}).empty());
  EXPECT_TRUE(FindOutliers(std::vector<double>{1, 2, 3, 4, 5, 6, 7}).empty());
  EXPECT_EQ(FindOutliers(std::vector<double>{1, 2, 3, 4, 8}).size(), 0u);  // score 3.372
  EXPECT_EQ(FindOutliers(std::vector<double>{1, 2, 3, 4, 8}, 3.0).size(), 1u);
}

}  // namespace
}  // namespace timeit::stats
