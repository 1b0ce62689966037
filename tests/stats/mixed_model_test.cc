// The mixed model against R's nlme on balanced and unbalanced designs
// (data/lme_designs.csv; data/make_lme_designs.py wrote it). R runs here when
// it is installed with nlme; otherwise data/lme_reference.csv holds what
// data/lme_reference.R printed.
#include "stats/mixed_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "stats/mean_difference.h"
#include "tests/stats/peer_reference.h"
#include "tests/test_paths.h"
#include "tests/stats/summary_of.h"

namespace timeit::stats {
namespace {

using testing::PeerValues;

const std::string kData = std::string(TIMEIT_TEST_DATA_DIR) + "/data/";
const std::string kProbe = "Rscript -e 'library(nlme)'";
const std::string kCommand = "Rscript " + kData + "lme_reference.R " + kData + "lme_designs.csv";

/// The designs by name, with host as a level when a design spans hosts.
std::map<std::string, MixedDesign> ReadDesigns() {
  std::istringstream in(testing::ReadFileText(kData + "lme_designs.csv"));
  std::string line;
  std::getline(in, line);
  std::map<std::string, std::vector<std::array<std::string, 5>>> rows;
  while (std::getline(in, line)) {
    std::array<std::string, 5> f;
    std::istringstream fields(line);
    for (std::string& s : f) std::getline(fields, s, ',');
    rows[f[0]].push_back(f);
  }
  std::map<std::string, MixedDesign> designs;
  for (const auto& [name, lines] : rows) {
    std::set<std::string> hosts;
    for (const auto& f : lines) hosts.insert(f[2]);
    MixedDesign d;
    d.levels.resize(hosts.size() > 1 ? 2 : 1);
    std::map<std::string, std::size_t> ids;
    const auto id = [&ids](const std::string& s) {
      return ids.emplace(s, ids.size()).first->second;
    };
    for (const auto& f : lines) {
      d.values.push_back(std::stod(f[4]));
      d.set.push_back(std::stoul(f[1]));
      if (hosts.size() > 1) d.levels[0].push_back(id("host " + f[2]));
      d.levels.back().push_back(id("boot " + f[3]));
    }
    designs[name] = d;
  }
  return designs;
}

const PeerValues& Reference(bool& live) {
  static bool was_live = false;
  static const PeerValues values =
      testing::PeerOrFixture(kProbe, kCommand, kData + "lme_reference.csv", was_live);
  live = was_live;
  return values;
}

double Ref(const PeerValues& r, const std::string& design, const std::string& what,
           const std::string& term) {
  const auto it = r.find({design, what, term});
  if (it == r.end()) {
    ADD_FAILURE() << "R printed no " << what << " of " << term << " for " << design;
    return std::nan("");
  }
  return it->second;
}

std::string Term(std::size_t j) { return j == 0 ? "(Intercept)" : "set" + std::to_string(j); }

class LmeReferenceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(LmeReferenceTest, FixedEffectsAsNlmeReportsThem) {
  const std::string name = GetParam();
  bool live = false;
  const PeerValues& r = Reference(live);
  RecordProperty("reference", live ? "R, live" : "fixture");
  const MixedDesign design = ReadDesigns().at(name);
  const MixedModelFit fit = FitMixedModel(design);
  ASSERT_TRUE(fit.ok);
  for (std::size_t j = 0; j < fit.beta.size(); ++j) {
    SCOPED_TRACE(name + " " + Term(j));
    const double se = Ref(r, name, "std_error", Term(j));
    EXPECT_NEAR(fit.beta[j], Ref(r, name, "value", Term(j)), 1e-6 * se);
    EXPECT_NEAR(fit.standard_error[j], se, 1e-5 * se);
    EXPECT_EQ(fit.df[j], Ref(r, name, "df", Term(j)));
    if (j == 0) continue;
    const MeanDifference d = MixedModelDifference(fit, j, 95);
    EXPECT_NEAR(d.t, Ref(r, name, "t", Term(j)), 1e-5 * std::fabs(d.t));
    EXPECT_NEAR(d.p, Ref(r, name, "p", Term(j)), 1e-5 * d.p + 1e-12);
    EXPECT_NEAR(d.low, Ref(r, name, "lower", Term(j)), 1e-5 * se);
    EXPECT_NEAR(d.high, Ref(r, name, "upper", Term(j)), 1e-5 * se);
    // The ratio of the set's mean to the baseline's under the model:
    // Fieller's interval with R's vcov(), as wide as the fit agrees.
    const double lower = Ref(r, name, "ratio_lower", Term(j));
    const double upper = Ref(r, name, "ratio_upper", Term(j));
    ASSERT_TRUE(d.ratio.bounded);
    EXPECT_NEAR(d.ratio.low, lower, 1e-5 * (upper - lower));
    EXPECT_NEAR(d.ratio.high, upper, 1e-5 * (upper - lower));
    EXPECT_EQ(d.low > 0 || d.high<0, d.ratio.low> 1 || d.ratio.high < 1);
  }
}

TEST_P(LmeReferenceTest, VarianceComponentsAndLikelihood) {
  const std::string name = GetParam();
  bool live = false;
  const PeerValues& r = Reference(live);
  const MixedDesign design = ReadDesigns().at(name);
  const MixedModelFit fit = FitMixedModel(design);
  ASSERT_TRUE(fit.ok);
  const std::vector<std::string> levels = design.levels.size() == 2
                                              ? std::vector<std::string>{"host", "boot"}
                                              : std::vector<std::string>{"boot"};
  double total = std::pow(Ref(r, name, "sd", "Residual"), 2);
  for (const std::string& l : levels) total += std::pow(Ref(r, name, "sd", l), 2);
  double ours = fit.residual_sd * fit.residual_sd;
  for (double sd : fit.level_sd) ours += sd * sd;
  EXPECT_NEAR(ours, total, 1e-5 * total);
  EXPECT_NEAR(fit.log_likelihood, Ref(r, name, "loglik", ""), 1e-6);
  // With one run in every boot only the sum of the two variances is
  // identified: R splits it where its optimiser stopped.
  if (name == "single_runs") return;
  // An sd at the boundary is 0 here and tiny in nlme, which searches on a
  // log scale: it agrees to a small share of the total.
  const auto near = [&](double mine, double theirs) {
    EXPECT_NEAR(mine, theirs, std::max(1e-4 * theirs, 1e-3 * std::sqrt(total)));
  };
  near(fit.residual_sd, Ref(r, name, "sd", "Residual"));
  for (std::size_t k = 0; k < levels.size(); ++k)
    near(fit.level_sd[k], Ref(r, name, "sd", levels[k]));
}

INSTANTIATE_TEST_SUITE_P(Designs, LmeReferenceTest,
                         ::testing::Values("balanced", "unbalanced", "one_boot_baseline",
                                           "single_runs", "no_boot_effect", "counts", "three_sets",
                                           "hosts_crossed", "hosts_nested", "shared_boots",
                                           "fleet"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

// The fixture is what R prints: where R is installed it is checked against
// R's live output, so it cannot drift from the peer it stands in for. R's
// answer itself moves with the BLAS under it: nlme stops at its convergence
// tolerance (lmeControl's 1e-6), and on a fresh machine, where r-base-core
// brings OpenBLAS, every value of the fixture (made with the reference BLAS)
// came out 5e-8 to 4e-6 of itself apart, and an sd at the boundary (5.6e-7
// where the total is 1e-4) 0.1%. So the fixture is held to live R as the
// tests above hold timeit's fit to it: 1e-5 of each value, an sd to 1e-4 of
// itself or 1e-3 of the total sd, the log-likelihood to 1e-6 -- a wrong
// fixture is off by far more.
TEST(LmeFixtureTest, MatchesLiveR) {
  const std::optional<std::string> out = testing::RunPeer(kProbe, kCommand);
  if (!out) GTEST_SKIP() << "R with nlme is not installed";
  const PeerValues live = testing::ParsePeerValues(*out);
  const PeerValues kept =
      testing::ParsePeerValues(testing::ReadFileText(kData + "lme_reference.csv"));
  ASSERT_EQ(live.size(), kept.size());
  std::map<std::string, double> total;  // per design: the sum of its variances
  for (const auto& [key, value] : live)
    if (std::get<1>(key) == "sd") total[std::get<0>(key)] += value * value;
  for (const auto& [key, value] : live) {
    const auto& [design, kind, term] = key;
    ASSERT_TRUE(kept.count(key)) << design << " " << kind << " " << term;
    const double tolerance = kind == "sd" ? std::max(1e-4 * value, 1e-3 * std::sqrt(total[design]))
                             : kind == "loglik" ? 1e-6  // flat at the optimum: as still as that
                                                : 1e-5 * std::fabs(value) + 1e-12;
    EXPECT_NEAR(kept.at(key), value, tolerance) << design << " " << kind << " " << term;
  }
}

/// Two sets of boots: runs[s][b] values of boot b of set s.
MixedDesign BootDesign(const std::vector<std::vector<std::vector<double>>>& runs) {
  MixedDesign d;
  d.levels.resize(1);
  std::size_t boot = 0;
  for (std::size_t s = 0; s < runs.size(); ++s) {
    for (const auto& values : runs[s]) {
      for (double v : values) {
        d.values.push_back(v);
        d.set.push_back(s);
        d.levels[0].push_back(boot);
      }
      ++boot;
    }
  }
  return d;
}

// In a balanced design with a positive boot variance, REML's test of the set
// is Student's t on the boot means (a classical identity, independent of how
// either is computed).
TEST(MixedModelTest, BalancedIsStudentOnBootMeans) {
  const MixedDesign d = BootDesign({{{1.00, 1.01, 1.02}, {1.05, 1.04, 1.06}, {0.98, 0.99, 0.97}},
                                    {{1.10, 1.12, 1.11}, {1.02, 1.03, 1.01}, {1.07, 1.06, 1.08}}});
  const MixedModelFit fit = FitMixedModel(d);
  ASSERT_TRUE(fit.ok);
  const MeanDifference m = MixedModelDifference(fit, 1, 95);
  const MeanDifference t =
      WelchDifference(SummaryOf({1.11, 1.02, 1.07}), SummaryOf({1.01, 1.05, 0.98}), 95);
  EXPECT_NEAR(m.estimate, t.estimate, 1e-12);
  EXPECT_NEAR(m.t, t.t, 1e-7 * std::fabs(t.t));  // equal boot counts: Welch's t is Student's t
  EXPECT_EQ(m.df, 4);
}

// Values shifted and scaled (seconds -> nanoseconds, plus a large offset)
// give the same test: the fit centres and scales before it sums squares.
TEST(MixedModelTest, InvariantToUnitAndOffset) {
  const std::vector<std::vector<std::vector<double>>> runs = {
      {{1.00, 1.01}, {1.05, 1.04, 1.06, 1.05}, {0.98}},
      {{1.10, 1.12, 1.11}, {1.02, 1.03}, {1.07, 1.06, 1.08}, {1.09, 1.1}}};
  auto big = runs;
  for (auto& set : big)
    for (auto& boot : set)
      for (double& v : boot) v = 1e12 + v * 1e9;
  const MeanDifference a = MixedModelDifference(FitMixedModel(BootDesign(runs)), 1, 95);
  const MeanDifference b = MixedModelDifference(FitMixedModel(BootDesign(big)), 1, 95);
  EXPECT_NEAR(b.estimate, a.estimate * 1e9, 1e-6 * std::fabs(b.estimate));
  EXPECT_NEAR(b.t, a.t, 1e-6 * std::fabs(a.t));
  EXPECT_EQ(b.df, a.df);
}

// A counter that never varies inside a boot but does between boots: the
// REML likelihood is unbounded as the run-to-run variance goes to 0, and the
// limit is the test on the boot means with equal weights (R's nlme heads
// there and stops short: set1 1.973, std.error 0.805 on this design).
TEST(MixedModelTest, NoRunToRunVariance) {
  const MixedModelFit fit =
      FitMixedModel(BootDesign({{{5, 5, 5}, {7, 7}, {6, 6, 6}}, {{8, 8}, {9, 9, 9}, {7, 7}}}));
  ASSERT_TRUE(fit.ok);
  const MeanDifference m = MixedModelDifference(fit, 1, 95);
  const MeanDifference t = WelchDifference(SummaryOf({8, 9, 7}), SummaryOf({5, 7, 6}), 95);
  EXPECT_NEAR(m.estimate, t.estimate, 1e-6);
  EXPECT_NEAR(m.standard_error, t.standard_error, 1e-6);
  EXPECT_EQ(fit.residual_sd, 0);
  EXPECT_NEAR(fit.level_sd.at(0), 1, 1e-9);  // the boot means' pooled sd
}

TEST(MixedModelTest, EveryValueAtItsSetMeanIsExact) {
  const MixedModelFit fit = FitMixedModel(BootDesign({{{3, 3}, {3}}, {{4, 4, 4}, {4}}}));
  ASSERT_TRUE(fit.ok);
  EXPECT_TRUE(fit.exact);
  const MeanDifference m = MixedModelDifference(fit, 1, 95);
  EXPECT_EQ(m.estimate, 1);
  EXPECT_EQ(m.low, 1);
  EXPECT_EQ(m.high, 1);
}

// One boot per set leaves no degrees of freedom between boots: nlme prints
// DF 0 and NaN p; so do we, and the interval is undefined.
TEST(MixedModelTest, OneBootPerSetHasNoDegreesOfFreedom) {
  const MixedModelFit fit = FitMixedModel(BootDesign({{{1, 1.1, 1.2}}, {{2, 2.1, 1.9}}}));
  ASSERT_TRUE(fit.ok);
  const MeanDifference m = MixedModelDifference(fit, 1, 95);
  EXPECT_EQ(m.df, 0);
  EXPECT_TRUE(std::isnan(m.p));
  EXPECT_TRUE(std::isnan(m.low));
}

TEST(MixedModelTest, TooFewValuesDoNotFit) {
  EXPECT_FALSE(FitMixedModel(BootDesign({{{1}}, {{2}}})).ok);
}

TEST(MixedModelTest, VarianceShareBetweenBoots) {
  MixedModelFit fit;
  fit.level_sd = {3};
  fit.residual_sd = 1;
  EXPECT_DOUBLE_EQ(VarianceShare(fit, 0), 0.9);
  EXPECT_TRUE(std::isnan(VarianceShare(fit, 1)));
}

}  // namespace
}  // namespace timeit::stats
