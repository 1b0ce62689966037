#include "stats/mann_whitney.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace timeit::stats {
namespace {

/// P(U <= u) for sizes m, n by enumerating every m-subset of ranks 1..m+n:
/// an independent check of the exact distribution.
double BruteForceCdf(int m, int n, double u) {
  const int total = m + n;
  long below = 0, all = 0;
  for (unsigned mask = 0; mask < (1u << total); ++mask) {
    if (__builtin_popcount(mask) != m) continue;
    int rank_sum = 0;
    for (int r = 0; r < total; ++r) {
      if (mask >> r & 1u) rank_sum += r + 1;
    }
    ++all;
    if (rank_sum - m * (m + 1) / 2 <= u) ++below;
  }
  return static_cast<double>(below) / static_cast<double>(all);
}

// R: wilcox.test(1:5, 6:10) -> W = 0, p-value = 0.007937 (= 2/252)
TEST(MannWhitneyTest, ExactCompleteSeparation) {
  const std::vector<double> x{1, 2, 3, 4, 5}, y{6, 7, 8, 9, 10};
  const MannWhitneyResult r = MannWhitneyU(x, y);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.u, 0);
  EXPECT_NEAR(r.p, 2.0 / 252, 1e-15);
  EXPECT_EQ(MannWhitneyU(y, x).u, 25);
  EXPECT_NEAR(MannWhitneyU(y, x).p, 2.0 / 252, 1e-15);
}

// R's ?wilcox.test example: W = 35, one-sided p = 0.1272 (two-sided 0.2544).
TEST(MannWhitneyTest, ExactRDocumentationExample) {
  const std::vector<double> x{0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
  const std::vector<double> y{1.15, 0.88, 0.90, 0.74, 1.21};
  const MannWhitneyResult r = MannWhitneyU(x, y);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.u, 35);
  EXPECT_NEAR(r.p, 2 * (1 - BruteForceCdf(10, 5, 34)), 1e-12);
  EXPECT_NEAR(r.p, 0.2544, 1e-4);
}

TEST(MannWhitneyTest, ExactAgreesWithEnumerationForEveryU) {
  // x takes the ranks in `mask`; U and p must follow the enumeration.
  const int m = 6, n = 7;
  for (unsigned mask : {0b0000000111111u, 0b1010101010100u, 0b1111110000000u, 0b0110011001100u}) {
    std::vector<double> x, y;
    for (int r = 0; r < m + n; ++r) (mask >> r & 1u ? x : y).push_back(r + 1.0);
    ASSERT_EQ(x.size(), static_cast<std::size_t>(m));
    const MannWhitneyResult res = MannWhitneyU(x, y);
    const double one_side =
        res.u > m * n / 2.0 ? 1 - BruteForceCdf(m, n, res.u - 1) : BruteForceCdf(m, n, res.u);
    EXPECT_NEAR(res.p, std::min(1.0, 2 * one_side), 1e-12) << "mask " << mask;
  }
}

TEST(MannWhitneyTest, LargeSamplesUseTheNormalApproximation) {
  std::vector<double> x, y;
  for (int i = 0; i < 60; ++i) {
    x.push_back(i);
    y.push_back(i + 0.5);
  }
  const MannWhitneyResult r = MannWhitneyU(x, y);
  EXPECT_FALSE(r.exact);
  // U = sum over x of #y below = 0+1+...+59 = 1770; centre 1800; no ties:
  // sigma = sqrt(60*60*121/12); z = (1770 - 1800 + 0.5) / sigma.
  EXPECT_EQ(r.u, 1770);
  EXPECT_NEAR(r.z, -29.5 / std::sqrt(3600.0 * 121 / 12), 1e-12);
}

TEST(MannWhitneyTest, DegenerateInputsAreNaN) {
  const std::vector<double> empty, some{1, 2, 3}, same{2, 2, 2};
  EXPECT_TRUE(std::isnan(MannWhitneyU(empty, some).p));
  EXPECT_TRUE(std::isnan(MannWhitneyU(same, same).p));
}

}  // namespace
}  // namespace timeit::stats
