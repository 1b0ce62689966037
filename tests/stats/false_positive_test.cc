// How often each test calls a difference significant when there is none, by
// simulation (STYLE: measure a test's false-positive rate before trusting
// it). The bounds are statistical, not timings: at a nominal 5% and the
// trials below, a rate outside [3%, 7%] is more than 4 binomial standard
// deviations away. The generator is seeded, so a run is reproducible.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "stats/mean_difference.h"
#include "stats/mixed_model.h"
#include "tests/stats/summary_of.h"

namespace timeit::stats {
namespace {

constexpr double kConfidence = 95;

struct Rates {
  int trials = 0, student = 0, welch = 0, mixed = 0;
  double Of(int hits) const { return static_cast<double>(hits) / trials; }
};

bool Rejects(const MeanDifference& d) { return d.low > 0 || d.high < 0; }

/// One set of a kernel with no real change: boots x runs, the boot's offset
/// and each run's noise relative to a mean of 1.
struct SetShape {
  int min_boots, max_boots, min_runs, max_runs;
  double boot_sd, run_sd;
};

void AddSet(std::mt19937_64& rng, const SetShape& shape, std::size_t set, MixedDesign& d,
            std::vector<double>& runs) {
  std::uniform_int_distribution<int> boots(shape.min_boots, shape.max_boots);
  std::uniform_int_distribution<int> per_boot(shape.min_runs, shape.max_runs);
  std::normal_distribution<double> boot_offset(0, shape.boot_sd), noise(0, shape.run_sd);
  std::size_t boot = d.levels[0].empty() ? 0 : d.levels[0].back() + 1;
  for (int b = boots(rng); b > 0; --b, ++boot) {
    const double offset = boot_offset(rng);
    for (int r = per_boot(rng); r > 0; --r) {
      const double v = 1 + offset + noise(rng);
      d.values.push_back(v);
      d.set.push_back(set);
      d.levels[0].push_back(boot);
      runs.push_back(v);
    }
  }
}

Rates Simulate(std::uint64_t seed, int trials, const SetShape& baseline, const SetShape& other,
               bool mixed) {
  std::mt19937_64 rng(seed);
  Rates rates;
  rates.trials = trials;
  for (int t = 0; t < trials; ++t) {
    MixedDesign d;
    d.levels.resize(1);
    std::vector<double> b, x;
    AddSet(rng, baseline, 0, d, b);
    AddSet(rng, other, 1, d, x);
    rates.student += Rejects(StudentDifference(SummaryOf(x), SummaryOf(b), kConfidence));
    rates.welch += Rejects(WelchDifference(SummaryOf(x), SummaryOf(b), kConfidence));
    if (mixed) rates.mixed += Rejects(MixedModelDifference(FitMixedModel(d), 1, kConfidence));
  }
  return rates;
}

// The design: 3-5 boots of 2-8 runs, 1% between boots, 0.1% between
// runs. Runs pooled across boots look like 20-40 independent samples with
// the run-to-run spread, and both t tests call most such pairs different.
TEST(FalsePositiveTest, BootsNeedTheMixedModel) {
  const SetShape shape{3, 5, 2, 8, 0.01, 0.001};
  const Rates r = Simulate(21, 2000, shape, shape, true);
  std::printf(
      "boots 3-5 x runs 2-8, 1%%/0.1%%: Student %.1f%%, Welch %.1f%%, mixed model %.1f%% "
      "of %d\n",
      100 * r.Of(r.student), 100 * r.Of(r.welch), 100 * r.Of(r.mixed), r.trials);
  EXPECT_GE(r.Of(r.mixed), 0.03);
  EXPECT_LE(r.Of(r.mixed), 0.07);
  EXPECT_GT(r.Of(r.student), 0.3);  // the flaw the model exists for
  EXPECT_GT(r.Of(r.welch), 0.3);
}

// One boot of the baseline against 3-5 of the other: the model estimates
// the boot-to-boot spread from the set that has several, and holds its
// level where Welch's t on the runs (which sees none of it) says "different"
// most of the time.
TEST(FalsePositiveTest, OneBootAgainstSeveral) {
  const Rates r = Simulate(27, 2000, {1, 1, 5, 5, 0.01, 0.001}, {3, 5, 2, 8, 0.01, 0.001}, true);
  std::printf("1 boot vs 3-5 boots, 1%%/0.1%%: Welch %.1f%%, mixed model %.1f%% of %d\n",
              100 * r.Of(r.welch), 100 * r.Of(r.mixed), r.trials);
  EXPECT_GE(r.Of(r.mixed), 0.03);
  EXPECT_LE(r.Of(r.mixed), 0.07);
  EXPECT_GT(r.Of(r.welch), 0.3);
}

// 15 runs with sd 0.5% against 4 with sd 8%, one boot each: the pooled
// variance is dominated by the large set, and Student's t divides by too
// small a standard error; Welch's holds its level.
TEST(FalsePositiveTest, UnequalVariancesNeedWelch) {
  const Rates r = Simulate(25, 4000, {1, 1, 15, 15, 0, 0.005}, {1, 1, 4, 4, 0, 0.08}, false);
  std::printf("15 runs sd 0.5%% vs 4 runs sd 8%%: Student %.1f%%, Welch %.1f%% of %d\n",
              100 * r.Of(r.student), 100 * r.Of(r.welch), r.trials);
  EXPECT_GE(r.Of(r.welch), 0.03);
  EXPECT_LE(r.Of(r.welch), 0.07);
  EXPECT_GT(r.Of(r.student), 0.2);
}

}  // namespace
}  // namespace timeit::stats
