#include "stats/verdict.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace timeit::stats {
namespace {

Summary SummaryOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return Summarize(v);
}

std::string VerdictOf(const std::vector<double>& x, const std::vector<double>& base,
                      double threshold, double confidence = 95, bool lower_is_better = true) {
  return VerdictName(
      Judge(SummaryOf(x), SummaryOf(base), {confidence, threshold, lower_is_better}).verdict);
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

// a, b as in equivalence_test.cc. R: t.test(b, a, var.equal = TRUE)$p.value
// -> 0.505673233962297 (not significant). TOST p (the larger one-sided p):
// at +/- 3% of mean(a): 0.00200686254023059; at +/- 2%: 0.0290832864887854.
TEST(VerdictTest, NotSignificantIsSameOrInconclusiveByTheEquivalenceTest) {
  const std::vector<double> a{10.1, 10.3, 9.9, 10.0, 10.2, 10.1, 9.8, 10.0};
  const std::vector<double> b{10.0, 10.2, 10.1, 9.9, 10.3, 10.0, 10.1, 10.2};
  EXPECT_EQ(VerdictOf(b, a, 3), "same");          // 0.0020 < 0.025
  EXPECT_EQ(VerdictOf(b, a, 2), "inconclusive");  // 0.0291 > 0.025
  EXPECT_EQ(VerdictOf(b, a, 2, 90), "same");      // 0.0291 < 0.05
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

}  // namespace
}  // namespace timeit::stats
