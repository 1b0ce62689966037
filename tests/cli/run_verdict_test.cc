// The run mode's --fail-on after --baseline, and --target-ci with
// --min-runs and --max-runs. The metric that decides is one the command
// prints (--metric), so that nothing depends on how fast this machine is.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

const char* const kV = "v=v=(\\d+)";

int MeasuredRuns(const std::filesystem::path& csv) {
  int n = 0;
  for (const std::string& w : ColumnOf(ReadRuns(csv), "warmup")) n += w == "0";
  return n;
}

// Only v is judged (--compare-metrics): nivcsw, say, can go from 0 in every
// run to 1 in every run on a busy machine, an exact change from a baseline
// of 0 that no percentage threshold absorbs. The threshold is so wide
// (100000%) that only v's change by a factor of a million is beyond it.
TEST(RunVerdictTest, FailOnAfterBaseline) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-q", "-n", "3", "--no-counters", "--metric", kV, "-o", "base.csv", "sh",
                       "-c", "echo v=5"},
                      "", dir.path())
                .exit_status,
            0);
  const ProcessResult worse =
      RunTimeit({"-q", "-n", "3", "--no-counters", "--metric", kV, "--baseline", "base.csv",
                 "--fail-on", "worse", "--threshold", "100000", "--compare-metrics", "v", "-o",
                 "new.csv", "sh", "-c", "echo v=5000000"},
                "", dir.path());
  EXPECT_EQ(worse.exit_status, 1) << worse.err;
  EXPECT_EQ(worse.err, "timeit: failing (--fail-on): v worse in new (exact)\n");
  EXPECT_NE(worse.out.find("v: constant: 5 → 5000000 (+99999900%)\n"), std::string::npos)
      << worse.out;
  const ProcessResult same =
      RunTimeit({"-q", "-n", "3", "--no-counters", "--metric", kV, "--baseline", "base.csv",
                 "--fail-on", "worse", "--threshold", "100000", "--compare-metrics", "v", "-o",
                 "same.csv", "sh", "-c", "echo v=5"},
                "", dir.path());
  EXPECT_EQ(same.exit_status, 0) << same.err;
  const ProcessResult alone = RunTimeit({"--fail-on", "worse", "true"}, "", dir.path());
  EXPECT_EQ(alone.exit_status, 2);
  EXPECT_EQ(alone.err,
            "timeit: --fail-on, --threshold, --test, --compare-metrics and --export-markdown go "
            "with --baseline or sets (--config, --command, --parameter-scan)\n");
}

// The gate's metrics are checked against this series' columns and the
// baseline's before the first run, not after the series.
TEST(RunVerdictTest, CompareMetricsNotRecordedStopBeforeTheFirstRun) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-q", "-n", "2", "--no-counters", "-o", "base.csv", "true"}, "", dir.path())
                .exit_status,
            0);
  const ProcessResult r =
      RunTimeit({"-q", "-n", "2", "--no-counters", "--baseline", "base.csv", "--compare-metrics",
                 "real,sus", "-o", "new.csv", "sh", "-c", "echo ran > ran"},
                "", dir.path());
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err,
            "timeit: --compare-metrics 'sus': this series records no such metric; did you mean "
            "'sys'?\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "ran"));
  // v is this series' metric, but the baseline did not record it.
  const ProcessResult v =
      RunTimeit({"-q", "-n", "2", "--no-counters", "--metric", kV, "--baseline", "base.csv",
                 "--compare-metrics", "v", "-o", "new.csv", "sh", "-c", "echo ran > ran; echo v=1"},
                "", dir.path());
  EXPECT_EQ(v.exit_status, 2);
  EXPECT_EQ(v.err, "timeit: --compare-metrics 'v': no such column in base.csv\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "ran"));
  const ProcessResult config =
      RunTimeit({"-q", "-n", "2", "--no-counters", "--config", "A=true", "--config", "B=true",
                 "--compare-metrics", "rael", "-o", "ab.csv", "sh", "-c", "echo ran > ran"},
                "", dir.path());
  EXPECT_EQ(config.exit_status, 2);
  EXPECT_EQ(config.err,
            "timeit: --compare-metrics 'rael': this series records no such metric; did you mean "
            "'real'?\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "ran"));
  const ProcessResult only = RunTimeit({"-n", "2", "--no-counters", "--baseline", "base.csv",
                                        "--compare-metrics", "real,sys", "-o", "new.csv", "true"},
                                       "", dir.path());
  ASSERT_EQ(only.exit_status, 0) << only.err;
  // The comparison starts with real's block (sys may be 0 in every run, and
  // then is named on the last line instead); user is nowhere in it, though
  // the series' own summary above it lists user.
  const std::size_t comparison = only.out.find("x base.real (s)\n");
  ASSERT_NE(comparison, std::string::npos) << only.out;
  EXPECT_NE(only.out.find("sys", comparison), std::string::npos) << only.out;
  EXPECT_EQ(only.out.find("user", comparison), std::string::npos) << only.out;
  EXPECT_NE(only.out.find("user"), std::string::npos) << only.out;
}

TEST(RunVerdictTest, TargetCiStopsOnceTheMeanIsKnown) {
  TempDir dir;
  // v is the same in every run: its interval has no width after 2 runs, so
  // the series stops at --min-runs.
  const ProcessResult r =
      RunTimeit({"-n", "40", "-w", "1", "--no-counters", "--metric", kV, "--target-ci", "1:v",
                 "--min-runs", "4", "-o", "c.csv", "sh", "-c", "echo v=7"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(MeasuredRuns(dir.path() / "c.csv"), 4);
  EXPECT_NE(r.err.find("timeit: stopped after 4 measured runs: v known within +/-0% "
                       "(--target-ci 1%)\n"),
            std::string::npos)
      << r.err;
}

// The look that falls on the last allowed run (-n equal to --min-runs) is a
// look like any other: a target met there was met, not "missed".
TEST(RunVerdictTest, TargetCiMetOnTheLastAllowedRunSaysItWasMet) {
  TempDir dir;
  for (const std::vector<std::string>& runs :
       {std::vector<std::string>{"-n", "5"},
        std::vector<std::string>{"-n", "10", "--min-runs", "10"}}) {
    std::vector<std::string> args = runs;
    for (const char* a : {"-w", "0", "--no-counters", "--metric", kV, "--target-ci", "2:v", "-o",
                          "-", "sh", "-c", "echo v=7"})
      args.push_back(a);
    const ProcessResult r = RunTimeit(args, "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    EXPECT_NE(r.err.find("timeit: stopped after " + runs[1] +
                         " measured runs: v known within +/-0% (--target-ci 2%)\n"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("--max-runs reached"), std::string::npos) << r.err;
  }
}

TEST(RunVerdictTest, TargetCiStopsAtMaxRunsRegardless) {
  TempDir dir;
  // v grows tenfold every run: no interval ever gets narrow.
  const std::string script = "n=$(cat n 2>/dev/null || echo 1); echo $((n * 10)) > n; echo v=$n";
  const ProcessResult r = RunTimeit({"-w", "0", "--no-counters", "--metric", kV, "--target-ci",
                                     "5:v", "--max-runs", "6", "-o", "c.csv", "sh", "-c", script},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(MeasuredRuns(dir.path() / "c.csv"), 6);
  EXPECT_NE(r.err.find("timeit: --max-runs reached after 6 measured runs: v known within"),
            std::string::npos)
      << r.err;
}

TEST(RunVerdictTest, TargetCiOptionErrors) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--min-runs", "3", "true"}, "timeit: --min-runs and --max-runs go with --target-ci"},
      {{"--target-ci", "0", "true"}, "timeit: --target-ci: expected PCT[:METRIC]"},
      {{"--target-ci", "1", "-n", "3", "--max-runs", "4", "true"},
       "timeit: -n and --max-runs say the same: give one"},
      {{"--target-ci", "1", "--min-runs", "20", "true"},
       "timeit: --min-runs 20 is more than the most runs (10, -n or --max-runs)"},
      {{"-q", "--no-counters", "-o", "-", "--target-ci", "1:rael", "true"},
       "timeit: --target-ci: no metric 'rael' in this series; did you mean 'real'?"},
  };
  for (const auto& [args, start] : cases) {
    const ProcessResult r = RunTimeit(args);
    EXPECT_EQ(r.exit_status, 2) << start;
    EXPECT_EQ(r.err.rfind(start, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace timeit::testing
