#include "stats/verdict.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>
#include "tests/stats/summary_of.h"

namespace timeit::stats {
namespace {

std::string VerdictOf(const std::vector<double>& x, const std::vector<double>& base,
                      double threshold, double confidence = 95, bool lower_is_better = true,
                      MeanTest test = MeanTest::kWelch) {
  return VerdictName(
      Judge(SummaryOf(x), SummaryOf(base), {confidence, threshold, lower_is_better, test}).verdict);
}

const std::vector<double> kBase{100.0, 100.1, 99.9,   100.0, 100.1,
                                99.9,  100.0, 100.05, 99.95, 100.0};

std::vector<double> Scaled(double factor, double shift) {
  std::vector<double> v;
  for (double b : kBase) v.push_back(b * factor + shift);
  return v;
}

// R: t.test(base * 1.05, base, var.equal = TRUE)$p.value -> 1.50249177552447e-29
TEST(VerdictTest, SignificantAndLargeIsWorseOrBetterByDirection) {
  EXPECT_EQ(VerdictOf(Scaled(1.05, 0), kBase, 1), "worse");
  EXPECT_EQ(VerdictOf(Scaled(1.05, 0), kBase, 1, 95, /*lower_is_better=*/false), "better");
  EXPECT_EQ(VerdictOf(kBase, Scaled(1.05, 0), 1), "better");
}

// R: t.test(base + 0.5, base, var.equal = TRUE)$p.value -> 5.32182663278155e-12,
// a change of exactly +0.5%.
TEST(VerdictTest, SignificantButSmallIsBelowThreshold) {
  EXPECT_EQ(VerdictOf(Scaled(1, 0.5), kBase, 1), "below threshold");
  EXPECT_EQ(VerdictOf(Scaled(1, 0.5), kBase, 0.4), "worse");
  EXPECT_EQ(VerdictOf(Scaled(1, 0.5), kBase, 0), "worse");  // threshold off: ministat's answer
}

// a, b as in equivalence_test.cc. R: t.test(b, a)$p.value -> 0.5057 (not
// significant); t.test(b, a)$conf.int -> -0.1139, 0.2139 (95%),
// conf.level = 0.90: -0.0845, 0.1845. mean(a) = 10.05: 2% is 0.201, 3% is
// 0.3015, so the 95% interval lies inside +/-3% but not +/-2%, the 90% one
// inside +/-2%.
TEST(VerdictTest, NotSignificantIsSameOrInconclusiveByTheEquivalenceTest) {
  const std::vector<double> a{10.1, 10.3, 9.9, 10.0, 10.2, 10.1, 9.8, 10.0};
  const std::vector<double> b{10.0, 10.2, 10.1, 9.9, 10.3, 10.0, 10.1, 10.2};
  EXPECT_EQ(VerdictOf(b, a, 3), "same");
  EXPECT_EQ(VerdictOf(b, a, 2), "inconclusive");
  EXPECT_EQ(VerdictOf(b, a, 2, 90), "same");
  EXPECT_EQ(VerdictOf(b, a, 0), "no difference");
}

// R's sleep data: t.test p = 0.0792, far from equivalent within 1%.
TEST(VerdictTest, WideIntervalIsInconclusive) {
  EXPECT_EQ(VerdictOf({1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4},
                      {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}, 1),
            "inconclusive");
}

TEST(VerdictTest, ConstantSetsAreExact) {
  const std::vector<double> calls_a(5, 300030), calls_b(5, 300031);
  const Judgement j = Judge(SummaryOf(calls_b), SummaryOf(calls_a), {95, 1, true});
  EXPECT_TRUE(j.constant);
  EXPECT_EQ(j.verdict, Verdict::kConstant);
  EXPECT_NEAR(j.change_percent, 100.0 / 300030, 1e-12);
  EXPECT_EQ(VerdictOf(calls_b, calls_a, 0), "worse");  // any change, threshold off
  EXPECT_EQ(VerdictOf(calls_a, calls_a, 0), "constant");
  EXPECT_EQ(VerdictOf(std::vector<double>(4, 110), std::vector<double>(4, 100), 1), "worse");
  EXPECT_EQ(VerdictOf(std::vector<double>(4, 1), std::vector<double>(4, 0), 1), "worse");
}

// 15 runs with a small spread against 4 with a large one: pooled t divides
// the difference by a standard error dominated by the 15 (R: t.test(x, b,
// var.equal = TRUE)$p.value = 0.004853134259), Welch's by the 4 (t.test(x,
// b)$p.value = 0.222981049).
TEST(VerdictTest, WelchByDefaultStudentOnRequest) {
  const std::vector<double> b{1.000, 1.004, 0.996, 1.002, 0.998, 1.001, 0.999, 1.003,
                              0.997, 1.000, 1.005, 0.995, 1.002, 0.998, 1.000};
  const std::vector<double> x{1.10, 0.98, 1.25, 1.03};
  EXPECT_EQ(VerdictOf(x, b, 1), "inconclusive");
  EXPECT_EQ(VerdictOf(x, b, 1, 95, true, MeanTest::kStudent), "worse");
  const Judgement j = Judge(SummaryOf(x), SummaryOf(b), {95, 1, true});
  EXPECT_EQ(j.difference.test, MeanTest::kWelch);
  EXPECT_NEAR(j.difference.p, 0.222981049, 1e-9);
  EXPECT_NEAR(Judge(SummaryOf(x), SummaryOf(b), {95, 1, true, MeanTest::kStudent}).difference.p,
              0.004853134259, 1e-12);
}

// The interval beside a verdict is the one that decided it, on random sets
// of every kind: worse, better and below threshold exactly when it excludes
// 0, same exactly when it lies inside +/- threshold, in the very numbers
// (percent of the baseline mean) a report prints.
TEST(VerdictTest, IntervalAgreesWithVerdictOnRandomData) {
  std::mt19937_64 rng(2024);
  std::uniform_int_distribution<int> size(2, 12);
  std::uniform_real_distribution<double> shift(-0.05, 0.05), spread(0.0005, 0.05);
  std::uniform_real_distribution<double> threshold(0, 3);
  int seen[7] = {}, unbounded = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const double sd_b = spread(rng), sd_x = spread(rng), change = shift(rng);
    std::normal_distribution<double> nb(1, sd_b), nx(1 + change, sd_x);
    std::vector<double> b(size(rng)), x(size(rng));
    for (double& v : b) v = nb(rng);
    for (double& v : x) v = nx(rng);
    const double t = trial % 5 == 0 ? 0 : threshold(rng);
    const MeanTest test = trial % 2 ? MeanTest::kWelch : MeanTest::kStudent;
    const Judgement j = Judge(SummaryOf(x), SummaryOf(b), {95, t, true, test});
    ++seen[static_cast<int>(j.verdict)];
    const bool significant = j.verdict == Verdict::kWorse || j.verdict == Verdict::kBetter ||
                             j.verdict == Verdict::kBelowThreshold;
    if (!j.difference.ratio.bounded) {
      // Two runs of a wide baseline: its mean is not told from 0, the ratio
      // has no bounded interval, and the difference's decides.
      ++unbounded;
      ASSERT_TRUE(std::isnan(j.low_percent) && std::isnan(j.high_percent)) << trial;
      ASSERT_EQ(significant, j.difference.low > 0 || j.difference.high < 0) << trial;
      ASSERT_NE(j.verdict, Verdict::kSame) << trial;
      continue;
    }
    const bool excludes_zero = j.low_percent > 0 || j.high_percent < 0;
    ASSERT_EQ(significant, excludes_zero) << trial;
    ASSERT_EQ(j.verdict == Verdict::kSame,
              t > 0 && j.low_percent > -t && j.high_percent < t && !excludes_zero)
        << trial;
    ASSERT_LE(j.low_percent, j.change_percent);
    ASSERT_GE(j.high_percent, j.change_percent);
    // The ratio's interval holds 0% exactly when the difference's holds 0.
    ASSERT_EQ(excludes_zero, j.difference.low > 0 || j.difference.high < 0) << trial;
    // Student's interval uses ministat's rounded t table, so only Welch's
    // p must agree with its interval to the last bits.
    if (excludes_zero && test == MeanTest::kWelch) {
      ASSERT_LT(j.difference.p, 0.05 * (1 + 1e-9)) << trial;
    }
  }
  for (Verdict v : {Verdict::kWorse, Verdict::kBetter, Verdict::kBelowThreshold, Verdict::kSame,
                    Verdict::kInconclusive, Verdict::kNoDifference})
    EXPECT_GT(seen[static_cast<int>(v)], 100) << VerdictName(v);
  EXPECT_LT(unbounded, 200);
}

// A baseline of zeros (oublock, cpu-migrations) has no percentage: any
// change is infinite, beyond every threshold when it is significant, and a
// change that is not cannot be "same".
TEST(VerdictTest, BaselineOfZeros) {
  const std::vector<double> zeros(4, 0);
  const Judgement j = Judge(SummaryOf({5, 6, 5, 6}), SummaryOf(zeros), {95, 1, true});
  EXPECT_EQ(j.verdict, Verdict::kWorse);
  EXPECT_EQ(j.change_percent, std::numeric_limits<double>::infinity());
  EXPECT_EQ(VerdictOf({0, 3, 0, 0}, zeros, 1), "inconclusive");
  EXPECT_EQ(VerdictOf({0, 3, 0, 0}, zeros, 0), "no difference");
}

// Too few degrees of freedom leave the interval undefined: nothing can be
// said either way.
TEST(VerdictTest, UndefinedIntervalIsInconclusive) {
  MeanDifference d;
  d.test = MeanTest::kMixedModel;
  d.estimate = 0.5;
  d.low = d.high = std::nan("");
  const Judgement j = JudgeDifference(d, SummaryOf({1, 2}), SummaryOf({1, 1.5}), {95, 0, true});
  EXPECT_EQ(j.verdict, Verdict::kInconclusive);
  EXPECT_EQ(j.difference.test, MeanTest::kMixedModel);
}

}  // namespace
}  // namespace timeit::stats
