#include "stats/mann_kendall.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/stats/peer_reference.h"

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

// The rising series above in two strata of five: S = 6 + 6 (each half's
// own pairs), its variance 2 x 5*4*15/18, z = (12 - 1) / sqrt(100/3).
TEST(MannKendallTest, StrataSumTheirOwnPairs) {
  const std::vector<double> x{5.1, 5.3, 5.2, 5.6, 5.5, 5.9, 6.0, 5.8, 6.3, 6.4};
  const std::vector<std::size_t> halves{7, 7, 7, 7, 7, 3, 3, 3, 3, 3};
  const TrendTest t = StratifiedMannKendall(x, halves);
  EXPECT_EQ(t.s, 12);
  EXPECT_NEAR(t.variance, 100.0 / 3, 1e-12);
  EXPECT_NEAR(t.z, 11 / std::sqrt(100.0 / 3), 1e-12);
  // One stratum is the test itself, R's numbers above.
  const TrendTest one = StratifiedMannKendall(x, std::vector<std::size_t>(x.size(), 0));
  EXPECT_EQ(one.s, 37);
  EXPECT_NEAR(one.p, 0.00128218374180531, 1e-14);
}

// Three boots whose runs do not drift, each a level higher than the one
// before: the runs in file order "rise", the runs of no boot do.
TEST(MannKendallTest, ALevelStepBetweenStrataIsNoTrend) {
  const std::vector<double> x{1.00, 1.05, 1.02, 1.07, 1.01, 2.00, 2.05, 2.02,
                              2.07, 2.01, 3.00, 3.05, 3.02, 3.07, 3.01};
  const std::vector<std::size_t> boots{0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2};
  EXPECT_LT(MannKendall(x).p, 0.001);
  const TrendTest t = StratifiedMannKendall(x, boots);
  EXPECT_EQ(t.s, 6);  // 2 in each boot
  EXPECT_NEAR(t.z, 5 / std::sqrt(3 * 5 * 4 * 15 / 18.0), 1e-12);
  EXPECT_GT(t.p, 0.4);
}

TEST(MannKendallTest, ConstantOrShortSeriesHasNoP) {
  EXPECT_TRUE(std::isnan(MannKendall(std::vector<double>{4, 4, 4, 4}).p));
  EXPECT_TRUE(std::isnan(MannKendall(std::vector<double>{1, 2}).p));
  EXPECT_EQ(MannKendall(std::vector<double>{}).s, 0);
}

/// The statistic as its definition states it, pair by pair: what the
/// O(n log n) count must reproduce exactly.
double PairwiseS(const std::vector<double>& x) {
  long long s = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) s += (x[j] > x[i]) - (x[j] < x[i]);
  return static_cast<double>(s);
}

// Random series of every length up to 200, continuous or drawn from a few
// values (long tie groups), rising, falling or flat: S is the definition's,
// exactly.
TEST(MannKendallTest, MergeSortCountIsThePairwiseSumOnRandomSeries) {
  std::mt19937_64 rng(20261205);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t n = rng() % 201;
    const int distinct = trial % 3 == 0 ? 0 : static_cast<int>(1 + rng() % 12);  // 0: continuous
    const double slope = (static_cast<double>(rng() % 3) - 1) * 0.01;
    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i) {
      const double noise = distinct == 0
                               ? std::uniform_real_distribution<double>(0, 1)(rng)
                               : static_cast<double>(rng() % static_cast<unsigned>(distinct));
      x[i] = noise + (distinct == 0 ? slope * static_cast<double>(i) : 0);
    }
    ASSERT_EQ(MannKendall(x).s, PairwiseS(x)) << "trial " << trial << ", n " << n;
  }
}

// A long series (5,000 runs, counts with ties and a slow drift)
// against R's cor.test on the same values, when R is installed.
TEST(MannKendallTest, LongSeriesWithTiesAgainstLiveR) {
  std::mt19937_64 rng(7);
  std::vector<double> x(5000);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<double>(1000 + rng() % 40 + i / 625);
  char path[] = "/tmp/timeit-mk-XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  ::close(fd);
  {
    std::ofstream out(path);
    for (const double v : x) out << v << "\n";
  }
  const std::optional<std::string> r = testing::RunPeer(
      "Rscript -e 'invisible(0)'",
      std::string("Rscript -e 'x <- scan(\"") + path +
          "\", quiet = TRUE); t <- cor.test(x, seq_along(x), method = \"kendall\", "
          "exact = FALSE, continuity = TRUE); cat(sprintf(\"%.15g %.15g\", t$statistic, "
          "t$p.value))'");
  std::remove(path);
  if (!r) GTEST_SKIP() << "R is not installed";
  std::istringstream in(*r);
  double z = 0, p = 0;
  ASSERT_TRUE(in >> z >> p) << *r;
  const TrendTest t = MannKendall(x);
  EXPECT_NEAR(t.z, z, 1e-9 * std::fabs(z));
  EXPECT_NEAR(t.p, p, 1e-9 + 1e-6 * p);
}

}  // namespace
}  // namespace timeit::stats
