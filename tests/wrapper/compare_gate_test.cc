// --fail-on's gate (JudgeGate): which rows fail it and what it says, and,
// by simulation, its false-alarm rate over a run's ~17 metrics when nothing
// changed and its power when real is 5% slower. The simulation goes through
// what `timeit compare` runs (GroupIdenticalMetrics, JudgeRows,
// JudgeGate) on sets built in memory, with a fixed seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/sets/metric_groups.h"
#include "wrapper/compare/verdicts/comparison_rows.h"
#include "wrapper/compare/verdicts/gate.h"

namespace timeit {
namespace {

using stats::Verdict;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

ComparisonRow Row(const std::string& metric, Verdict verdict, double p, const char* set = "b") {
  ComparisonRow r;
  r.metric = metric;
  r.baseline = "a";
  r.set = set;
  r.verdict = verdict;
  r.p = p;
  r.constant = std::isnan(p);
  r.threshold_percent = 1;
  return r;
}

std::vector<std::size_t> Indices(const std::vector<GateRow>& rows) {
  std::vector<std::size_t> i;
  for (const GateRow& g : rows) i.push_back(g.row);
  return i;
}

// Ten metrics: page-faults' p of 0.03 is worse at 95% alone, but 10 * 0.03
// is not below 0.05 after Holm; real's 0.0001 is (10 * 0.0001 = 0.001).
TEST(CompareGateTest, HolmHoldsAMarginalMetricAndFiresAClearOne) {
  std::vector<ComparisonRow> rows = {Row("real", Verdict::kWorse, 0.0001),
                                     Row("page-faults", Verdict::kWorse, 0.03)};
  for (int i = 0; i < 8; ++i) rows.push_back(Row("m" + std::to_string(i), Verdict::kSame, 0.5));
  const GateDecision d = JudgeGate(rows, {Verdict::kWorse}, 95);
  EXPECT_EQ(d.family, 10u);
  EXPECT_EQ(Indices(d.fired), (std::vector<std::size_t>{0}));
  EXPECT_EQ(Indices(d.held), (std::vector<std::size_t>{1}));
  EXPECT_DOUBLE_EQ(d.fired[0].p_adjusted, 0.001);
  EXPECT_DOUBLE_EQ(d.held[0].p_adjusted, 0.27);  // 9 * 0.03: the second smallest of 10
  EXPECT_EQ(GateLines(d, rows, 95),
            (std::vector<std::string>{
                "--fail-on: page-faults worse in b (p 0.03, Holm-adjusted 0.27) at 95% alone, not "
                "over the 10 metrics gated: not failing on these",
                "failing (--fail-on, Holm over 10 metrics): real worse in b (adjusted p 0.001)"}));
  // Without real's regression the gate holds, and says why.
  rows[0].verdict = Verdict::kSame;
  rows[0].p = 0.9;
  const GateDecision holds = JudgeGate(rows, {Verdict::kWorse}, 95);
  EXPECT_TRUE(holds.fired.empty());
  EXPECT_EQ(GateLines(holds, rows, 95),
            (std::vector<std::string>{
                "--fail-on: page-faults worse in b (p 0.03, Holm-adjusted 0.3) at 95% alone, not "
                "over the 10 metrics gated: the gate holds"}));
}

// A constant metric's exact change is no test: it fires as its verdict says
// and is not counted in the family. Verdicts of no difference fire as they
// stand; so does a metric alone, whose Holm-adjusted p is its own.
TEST(CompareGateTest, ExactChangesAndVerdictsOfNoDifferenceFireAsTheyStand) {
  const std::vector<ComparisonRow> rows = {Row("syscalls", Verdict::kWorse, kNaN),
                                           Row("real", Verdict::kInconclusive, 0.2),
                                           Row("sys", Verdict::kWorse, 0.04)};
  const GateDecision d = JudgeGate(rows, {Verdict::kWorse, Verdict::kInconclusive}, 95);
  EXPECT_EQ(d.family, 2u);
  EXPECT_EQ(Indices(d.fired), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(Indices(d.held), (std::vector<std::size_t>{2}));
  EXPECT_EQ(GateLines(d, rows, 95).back(),
            "failing (--fail-on): syscalls worse in b (exact), real inconclusive in b");
  const std::vector<ComparisonRow> one = {Row("real", Verdict::kWorse, 0.04)};
  EXPECT_EQ(GateLines(JudgeGate(one, {Verdict::kWorse}, 95), one, 95),
            (std::vector<std::string>{
                "failing (--fail-on, Holm over 1 metric): real worse in b (adjusted p 0.04)"}));
  EXPECT_TRUE(JudgeGate(one, {}, 95).fired.empty()) << "no --fail-on, no gate";
  EXPECT_TRUE(GateLines(JudgeGate(one, {Verdict::kBetter}, 95), one, 95).empty());
}

// Every set's rows are one family; the confidence sets alpha.
TEST(CompareGateTest, TheFamilySpansSetsAndAlphaIsTheConfidences) {
  const std::vector<ComparisonRow> rows = {Row("real", Verdict::kWorse, 0.02, "b"),
                                           Row("real", Verdict::kBetter, 0.5, "c")};
  const GateDecision d = JudgeGate(rows, {Verdict::kWorse, Verdict::kBetter}, 95);
  EXPECT_TRUE(d.several_sets);
  EXPECT_EQ(Indices(d.fired), (std::vector<std::size_t>{0}));  // 2 * 0.02 < 0.05
  EXPECT_EQ(GateLines(d, rows, 95).back(),
            "failing (--fail-on, Holm over 2 comparisons): real worse in b (adjusted p 0.04)");
  const GateDecision strict = JudgeGate(rows, {Verdict::kWorse}, 99);
  EXPECT_EQ(Indices(strict.held), (std::vector<std::size_t>{0}));
  EXPECT_EQ(GateLines(strict, rows, 99).front(),
            "--fail-on: real worse in b (p 0.02, Holm-adjusted 0.04) at 99% alone, not over the 2 "
            "comparisons gated: the gate holds");
}

/// One run's metrics as a Linux run of syscall-bench records them, each
/// relative to its mean: real's noise sd 1% (times `real_factor`); user,
/// task-clock and cgroup-user near copies (as cpu.stat and the counters see
/// the same CPU time); page-faults and minflt equal (one row); counts
/// rounded; syscalls constant; nvcsw 1 in every run (no row).
std::map<std::string, double> DrawRun(std::mt19937_64& rng, double real_factor) {
  std::normal_distribution<double> z(0, 1);
  std::map<std::string, double> m;
  m["real"] = real_factor * (1 + 0.01 * z(rng));
  const double user = 0.40 * (1 + 0.02 * z(rng)), sys = 0.55 * (1 + 0.02 * z(rng));
  m["user"] = user;
  m["sys"] = sys;
  m["task-clock"] = (user + sys) * (1 + 0.001 * z(rng));
  m["cgroup-user"] = user * (1 + 0.001 * z(rng));
  m["cgroup-sys"] = sys * (1 + 0.001 * z(rng));
  m["cycles"] = 2.5e9 * (1 + 0.015 * z(rng));
  m["instructions"] = 4.0e9 * (1 + 0.0005 * z(rng));
  m["ipc"] = m["instructions"] / m["cycles"];
  m["context-switches"] = std::max(0.0, std::round(20 + 4 * z(rng)));
  m["nivcsw"] = std::max(0.0, m["context-switches"] - std::round(std::fabs(z(rng))));
  m["cpu-migrations"] = std::max(0.0, std::round(1 + z(rng)));
  m["page-faults"] = m["minflt"] = std::round(60 + z(rng));
  m["maxrss"] = 8240 + 4 * std::round(5 * z(rng));
  m["psi-cpu"] = 0.002 * std::max(0.0, z(rng));
  m["syscalls"] = 300030;
  m["nvcsw"] = 1;
  return m;
}

CompareSet DrawSet(std::mt19937_64& rng, const std::string& label, int runs, double real_factor) {
  CompareSet set;
  set.label = label;
  set.runs = runs;
  for (int r = 0; r < runs; ++r) {
    for (const auto& [name, value] : DrawRun(rng, real_factor)) {
      MetricSeries& s = set.metrics[name];
      s.values.push_back(value);
      s.run_index.push_back(static_cast<std::size_t>(r));
      s.has_column = true;
    }
    set.run_numbers.push_back(r + 1);
  }
  return set;
}

struct GateRates {
  int trials = 0;
  int fired = 0;         ///< the gate (JudgeGate) failed
  int fired_real = 0;    ///< ... naming real
  int alone = 0;         ///< some row's verdict alone was one of fail_on: the gate before Holm
  std::size_t rows = 0;  ///< the family of the last trial
};

/// `trials` comparisons of two sets of `runs` runs, `real` `real_factor`
/// times slower in the second, each judged as `timeit compare --fail-on
/// worse` judges: the default threshold (1%) and confidence (95%).
GateRates SimulateGate(std::uint64_t seed, int trials, int runs, double real_factor) {
  std::mt19937_64 rng(seed);
  GateRates rates;
  rates.trials = trials;
  const std::vector<Verdict> fail_on = {Verdict::kWorse};
  const RowOptions options;  // 95%, 1%, Welch's t (no boots)
  for (int t = 0; t < trials; ++t) {
    CompareInput in;
    in.sets.push_back(DrawSet(rng, "A", runs, 1));
    in.sets.push_back(DrawSet(rng, "B", runs, real_factor));
    for (const auto& [name, series] : in.sets.front().metrics) in.metrics.push_back(name);
    MetricOrder(in.metrics, {});
    const std::vector<ComparisonRow> rows =
        JudgeRows(in, GroupIdenticalMetrics(in, in.metrics), options);
    const GateDecision d = JudgeGate(rows, fail_on, options.confidence_percent);
    rates.rows = d.family;
    rates.fired += !d.fired.empty();
    rates.fired_real += std::any_of(d.fired.begin(), d.fired.end(),
                                    [&](const GateRow& g) { return rows[g.row].metric == "real"; });
    rates.alone += std::any_of(rows.begin(), rows.end(), [&](const ComparisonRow& r) {
      return std::find(fail_on.begin(), fail_on.end(), r.verdict) != fail_on.end();
    });
  }
  return rates;
}

// Same against same, 400 times: Holm keeps the chance that some metric
// fails the gate at most alpha (5%). The bound is binomial: were the true
// rate 5%, more than 38 of 400 would come with probability 6.7e-5. The
// gate of each metric alone at 95% (the old --fail-on) is reported, not
// asserted: about 1 in 5 here (the issue saw 1 in 4).
TEST(GateFalseAlarmTest, SameAgainstSameFailsTheGateAtMostAlpha) {
  const GateRates r = SimulateGate(20250114, 400, 10, 1);
  RecordProperty("family", static_cast<int>(r.rows));
  RecordProperty("gate_fired", r.fired);
  RecordProperty("per_metric_fired", r.alone);
  std::printf(
      "same vs same, %zu metrics gated: the gate fired in %d of %d trials (%.1f%%); each "
      "metric alone at 95%% would have fired in %d (%.1f%%)\n",
      r.rows, r.fired, r.trials, 100.0 * r.fired / r.trials, r.alone, 100.0 * r.alone / r.trials);
  EXPECT_GE(r.rows, 13u) << "the simulated run has ~15 metrics to compare";
  EXPECT_LE(r.fired, 38) << "a family-wise false-alarm rate above 5%";
}

// real 5% slower (its noise 1%): the gate fails on it nearly always
// (Welch's p ~1e-9 at n = 10, far below 0.05 / 15).
TEST(GateFalseAlarmTest, ATrueFivePercentChangeInRealStillFails) {
  const GateRates r = SimulateGate(20250115, 400, 10, 1.05);
  RecordProperty("gate_fired_on_real", r.fired_real);
  std::printf("real +5%%: the gate fired on real in %d of %d trials\n", r.fired_real, r.trials);
  EXPECT_GE(r.fired_real, 380);
}

}  // namespace
}  // namespace timeit
