// The interval of a ratio of means (Fieller's) against R: a uniroot over
// Welch's statistic at t.test's own df (data/ratio_reference.R on
// data/ratio_samples.csv; data/ratio_r.csv is what it printed, for machines
// without R). The mixed model's ratio is checked against nlme in
// mixed_model_test.cc.
#include "stats/ratio_interval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "stats/mean_difference.h"
#include "stats/verdict.h"
#include "tests/stats/peer_reference.h"
#include "tests/test_paths.h"

namespace timeit::stats {
namespace {

using testing::PeerValues;

const std::string kRatioDataDir = std::string(TIMEIT_TEST_DATA_DIR) + "/data/";
const std::string kProbe = "Rscript -e 'invisible(0)'";
const std::string kCommand =
    "Rscript " + kRatioDataDir + "ratio_reference.R " + kRatioDataDir + "ratio_samples.csv";

Summary UnorderedSummary(std::vector<double> v) { return SummarizeUnordered(v); }

std::map<std::string, std::pair<Summary, Summary>> ReadRatioSamples() {
  return testing::ReadSampleSets(kRatioDataDir + "ratio_samples.csv");
}

TEST(RatioIntervalTest, WelchFiellerAsR) {
  bool live = false;
  const PeerValues ref = testing::PeerOrFixture(kProbe, kCommand, kRatioDataDir + "ratio_r.csv", live);
  RecordProperty("reference", live ? "R, live" : "fixture");
  const auto samples = ReadRatioSamples();
  ASSERT_EQ(samples.size(), 7u);
  for (const auto& [name, pair] : samples) {
    SCOPED_TRACE(name);
    const auto at = [&](const std::string& what) { return ref.at({name, what, "ratio"}); };
    const MeanDifference d = WelchDifference(pair.second, pair.first, 95);
    EXPECT_NEAR(d.ratio.ratio, at("estimate"), 1e-12 * at("estimate"));
    EXPECT_NEAR(d.p, at("p"), 1e-6 * at("p"));
    ASSERT_EQ(d.ratio.bounded, at("bounded") == 1);
    if (!d.ratio.bounded) {
      EXPECT_TRUE(std::isnan(d.ratio.low) && std::isnan(d.ratio.high));
      continue;
    }
    const double width = at("upper") - at("lower");
    EXPECT_NEAR(d.ratio.low, at("lower"), 1e-9 * width);
    EXPECT_NEAR(d.ratio.high, at("upper"), 1e-9 * width);
    // The interval holds 1 exactly when Welch's test finds no difference.
    EXPECT_EQ(d.ratio.low > 1 || d.ratio.high < 1, at("p") < 0.05);
  }
}

// The fixture is what R prints: where R is installed it is checked against
// R's live output, so it cannot drift from the peer it stands in for.
TEST(RatioIntervalTest, FixtureMatchesLiveR) {
  const std::optional<std::string> out = testing::RunPeer(kProbe, kCommand);
  if (!out) GTEST_SKIP() << "R is not installed";
  const PeerValues live = testing::ParsePeerValues(*out);
  const PeerValues kept = testing::ParsePeerValues(testing::ReadFileText(kRatioDataDir + "ratio_r.csv"));
  ASSERT_EQ(live.size(), kept.size());
  for (const auto& [key, value] : live) {
    ASSERT_TRUE(kept.count(key)) << std::get<0>(key) << " " << std::get<1>(key);
    EXPECT_NEAR(kept.at(key), value, 1e-8 * std::fabs(value) + 1e-12) << std::get<0>(key);
  }
}

// -O0 against -O2: dividing Welch's interval of the difference by the
// baseline's mean takes that mean as known; the ratio's interval is wider,
// and wider above the estimate than below it.
TEST(RatioIntervalTest, ThreeTimesIsWiderAndAsymmetric) {
  const auto [baseline, x] = ReadRatioSamples().at("three_times");
  const MeanDifference d = WelchDifference(x, baseline, 95);
  const Judgement j = JudgeDifference(d, x, baseline, VerdictRule{});
  const double divided = (d.high - d.estimate) * 100 / baseline.mean;
  EXPECT_GT(j.high_percent - j.low_percent, 2 * divided * 1.2);
  EXPECT_GT(j.high_percent - j.change_percent, j.change_percent - j.low_percent);
  EXPECT_EQ(j.verdict, Verdict::kWorse);
}

// Student's t (ministat's table): the ratio's interval holds 1 exactly when
// ministat's block says "No difference proven", on each case.
TEST(RatioIntervalTest, StudentAgreesWithMinistatsVerdict) {
  for (const auto& [name, pair] : ReadRatioSamples()) {
    SCOPED_TRACE(name);
    const MeanDifference d = StudentDifference(pair.second, pair.first, 95);
    const StudentComparison c = CompareStudent(pair.second, pair.first, 95);
    if (!d.ratio.bounded) continue;
    EXPECT_EQ(d.ratio.low > 1 || d.ratio.high < 1, c.significant);
    EXPECT_LE(d.ratio.low, d.ratio.ratio);
    EXPECT_GE(d.ratio.high, d.ratio.ratio);
  }
}

// Each end is a root of Fieller's inequality, here with a covariance (the
// mixed model's case) and values at 1e9 whose squares must not cancel.
TEST(RatioIntervalTest, EndsSolveTheInequality) {
  const RatioMoments m{3.0e9, 1.0e9, 4e14, 1e14, 5e13};
  const double t = 2.1;
  const RatioInterval r = FiellerInterval(m, t);
  ASSERT_TRUE(r.bounded);
  for (double rho : {r.low, r.high}) {
    const double lhs = std::pow(m.mean_x - rho * m.mean_b, 2);
    const double rhs = t * t * (m.var_x - 2 * rho * m.covariance + rho * rho * m.var_b);
    EXPECT_NEAR(lhs, rhs, 1e-9 * rhs);
  }
  EXPECT_LT(r.low, 3.0);
  EXPECT_GT(r.high, 3.0);
}

TEST(RatioIntervalTest, BaselineNotToldFromZeroIsUnbounded) {
  const RatioInterval r = FiellerInterval({3, 0.5, 0.1, 0.1, 0}, 2);  // 0.5^2 < 4 * 0.1
  EXPECT_FALSE(r.bounded);
  EXPECT_TRUE(std::isnan(r.low));
  EXPECT_EQ(r.ratio, 6);
  EXPECT_FALSE(FiellerInterval({3, 0, 0.1, 0.1, 0}, 2).bounded);
  EXPECT_FALSE(FiellerInterval({3, 1, 0.1, 0.1, 0}, std::nan("")).bounded);
  const RatioInterval exact = FiellerInterval({3, 1, 0, 0, 0}, 0);
  EXPECT_TRUE(exact.bounded);
  EXPECT_EQ(exact.low, 3);
  EXPECT_EQ(exact.high, 3);
}

// Without a bounded ratio the difference's interval decides, and the
// percentages of the interval are NaN: never "same".
TEST(RatioIntervalTest, UnboundedVerdictIsReadFromTheDifference) {
  const auto [baseline, x] = ReadRatioSamples().at("baseline_near_zero");
  const MeanDifference d = WelchDifference(x, baseline, 95);
  ASSERT_FALSE(d.ratio.bounded);
  const Judgement j = JudgeDifference(d, x, baseline, VerdictRule{});
  EXPECT_TRUE(std::isnan(j.low_percent) && std::isnan(j.high_percent));
  EXPECT_NEAR(j.change_percent, (x.mean - baseline.mean) * 100 / baseline.mean, 1e-9);
  EXPECT_EQ(j.verdict, Verdict::kWorse);  // Welch's p is 5e-5
  const MeanDifference none = WelchDifference(baseline, baseline, 95);
  EXPECT_EQ(JudgeDifference(none, baseline, baseline, VerdictRule{}).verdict,
            Verdict::kInconclusive);
}

// Of a negative baseline mean a larger ratio is a smaller value: the
// percentages of |mean(baseline)| keep their order.
TEST(RatioIntervalTest, NegativeBaselineMean) {
  const Summary b = UnorderedSummary({-10.2, -9.9, -10.1, -9.8, -10.0});
  const Summary x = UnorderedSummary({-5.1, -4.8, -5.2, -4.9, -5.0});
  const Judgement j = JudgeDifference(WelchDifference(x, b, 95), x, b, VerdictRule{});
  EXPECT_NEAR(j.change_percent, 50, 1e-9);
  EXPECT_LT(j.low_percent, j.change_percent);
  EXPECT_GT(j.high_percent, j.change_percent);
  EXPECT_GT(j.low_percent, 0);
}

}  // namespace
}  // namespace timeit::stats
