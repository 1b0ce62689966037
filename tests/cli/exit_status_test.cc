// Each exit status means one thing (timeit(1), EXIT STATUS): 3 for timeit's
// own failures, never the command's 1 nor bad input's 2; and --bisect's
// statuses, as `git bisect run` reads them, for compare and the run mode.
// The bisection itself, on a generated repository: bisect_test.cc.
#include <gtest/gtest.h>

#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

/// `timeit ARGS > /dev/full` through the shell.
ProcessResult IntoAFullDisk(const std::string& args, const std::filesystem::path& cwd) {
  return RunProcess({"sh", "-c", std::string(TIMEIT_BINARY) + " " + args + " > /dev/full"}, "",
                    cwd);
}

// A file the user named that cannot be opened (a folder that is not there)
// is the user's input, as a bad option is: exit status 2, not timeit's own 3.
TEST(ExitStatusTest, AnOutputTheUserNamedThatCannotBeOpenedIsBadInput) {
  TempDir dir;
  dir.Write("a.txt", "1\n2\n3\n");
  dir.Write("b.txt", "2\n3\n4\n");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"-q", "-n", "1", "-o", "no/such/dir/s.csv", "true"},
           {"-q", "-n", "1", "-o", "s.csv", "--command-output", "no/such/dir/log", "true"},
           {"compare", "--csv", "no/such/dir/x.csv", "a.txt", "b.txt"}}) {
    const ProcessResult r = RunTimeit(args, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << args[args.size() - 2] << ": " << r.err;
    EXPECT_NE(r.err.find("no/such/dir/"), std::string::npos) << r.err;
  }
}

// hyperfine runs its command through a shell; its habit here is one word
// that is a whole command line: not found (127), with the option that runs it.
TEST(ExitStatusTest, ACommandLineInOneWordIsNotFoundAndPointsToShell) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-q", "-n", "1", "-o", "s.csv", "sleep 0.01"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 127) << r.err;
  EXPECT_NE(r.err.find("timeit: sleep 0.01: command not found (a whole command line in one word: "
                       "--shell runs it through /bin/sh -c"),
            std::string::npos)
      << r.err;
  const ProcessResult shell =
      RunTimeit({"-q", "-n", "1", "-o", "t.csv", "--shell", "sleep 0.01"}, "", dir.path());
  EXPECT_EQ(shell.exit_status, 0) << shell.err;
}

TEST(ExitStatusTest, AReportThatCannotBeWrittenIsItsOwnFailure) {
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "runs timeit directly, not through the emulator";
#endif
  TempDir dir;
  dir.Write("a.txt", "1\n2\n3\n");
  dir.Write("b.txt", "2\n3\n4\n");
  const ProcessResult compare = IntoAFullDisk("compare a.txt b.txt", dir.path());
  EXPECT_EQ(compare.exit_status, 3);
  EXPECT_EQ(compare.err, "timeit: cannot write to standard output: No space left on device\n");
  const ProcessResult ministat = IntoAFullDisk("ministat a.txt b.txt", dir.path());
  EXPECT_EQ(ministat.exit_status, 3);
  EXPECT_EQ(ministat.err, "timeit: ministat: cannot write the report: No space left on device\n");
}

/// Five runs of `real` (and a `sys` that varies) per set, as compare reads them.
void WriteGoodAndBadSets(const TempDir& dir) {
  dir.Write("good.csv",
            "label,real,sys\ngood,1.000,0.1\ngood,1.001,0.3\ngood,0.999,0.2\n"
            "good,1.000,0.1\ngood,1.0005,0.3\n");
  dir.Write("same.csv",
            "label,real,sys\nsame,1.0002,0.3\nsame,0.9995,0.1\nsame,1.0008,0.2\n"
            "same,1.0001,0.2\nsame,0.9999,0.1\n");
  dir.Write("slow.csv",
            "label,real,sys\nslow,2.01,0.2\nslow,2.02,0.2\nslow,1.99,0.1\n"
            "slow,2.00,0.3\nslow,2.03,0.2\n");
  dir.Write("noisy.csv",
            "label,real,sys\nnoisy,1.0,0.2\nnoisy,1.4,0.1\nnoisy,0.7,0.2\n"
            "noisy,1.2,0.3\nnoisy,0.8,0.1\n");
  dir.Write("faster.csv",
            "label,real,sys\nfaster,0.80,0.1\nfaster,0.95,0.1\nfaster,1.02,0.1\n"
            "faster,0.88,0.1\nfaster,0.95,0.1\n");
  dir.Write("partial.csv", "label,real,sys\npartial,1.0,0.2\npartial,1.001,\npartial,0.999,\n");
}

struct BisectCase {
  const char* name;
  std::vector<std::string> files;  ///< the baseline first
  const char* metrics;             ///< -m
  int status;
  const char* line;  ///< what it prints on stdout, the line end left out
};

class CompareBisectTest : public ::testing::TestWithParam<BisectCase> {};

TEST_P(CompareBisectTest, OneLineAndGitBisectRunsStatus) {
  TempDir dir;
  WriteGoodAndBadSets(dir);
  dir.Write("governor.csv", "label,real,governor\ng,1.0,performance\ng,1.1,performance\n");
  dir.Write("powersave.csv", "label,real,governor\np,1.0,powersave\np,1.1,powersave\n");
  dir.Write("idle.csv", "label,real,load1\nidle,1.0,0.1\nidle,1.0,0.2\n");
  dir.Write("busy.csv", "label,real,load1\nbusy,1.0,3.5\nbusy,1.0,3.6\n");
  std::vector<std::string> args = {"compare", "--bisect", "-m", GetParam().metrics};
  args.insert(args.end(), GetParam().files.begin(), GetParam().files.end());
  const ProcessResult r = RunTimeit(args, "", dir.path());
  EXPECT_EQ(r.exit_status, GetParam().status) << r.err;
  EXPECT_EQ(r.out, std::string(GetParam().line) + "\n") << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Verdicts, CompareBisectTest,
    ::testing::Values(
        BisectCase{"Same",
                   {"good.csv", "same.csv"},
                   "real",
                   0,
                   "bisect: good (exit 0) against good: real same within 1% in same"},
        BisectCase{"Worse",
                   {"good.csv", "slow.csv"},
                   "real",
                   1,
                   "bisect: bad (exit 1) against good: real worse in slow (+101% +/- 1.97%)"},
        BisectCase{"Better",
                   {"slow.csv", "good.csv"},
                   "real",
                   0,
                   "bisect: good (exit 0) against slow: real better in good"},
        BisectCase{"Inconclusive",
                   {"good.csv", "noisy.csv"},
                   "real",
                   125,
                   "bisect: skip (exit 125) against good: real inconclusive in noisy (+1.99% "
                   "+/- 35.6%), more runs would tell"},
        // Bisecting asks "is it worse?": not knowing how much better is an answer.
        BisectCase{"InconclusiveOnTheBetterSide",
                   {"good.csv", "faster.csv", "--threshold", "10"},
                   "real",
                   0,
                   "bisect: good (exit 0) against good: real inconclusive in faster (-8% (-18% "
                   ".. +2%)), not worse by more than 10%"},
        // Worse beats not knowing: one metric worse is a bad commit.
        BisectCase{"WorseAndInconclusive",
                   {"good.csv", "slow.csv"},
                   "real,sys",
                   1,
                   "bisect: bad (exit 1) against good: real worse in slow (+101% +/- 1.97%)"},
        BisectCase{"ASingleValue",
                   {"good.csv", "partial.csv"},
                   "real,sys",
                   125,
                   "bisect: skip (exit 125) against good: sys not compared in partial (fewer "
                   "than two values)"},
        BisectCase{"AConditionDiffers",
                   {"governor.csv", "powersave.csv"},
                   "real",
                   125,
                   "bisect: skip (exit 125) against g: p differs in governor: 'performance' → "
                   "'powersave'; the verdicts would not tell"},
        // load1 is a measurement, not the setup: it does not make a commit a skip.
        BisectCase{"OnlyTheLoadDiffers",
                   {"idle.csv", "busy.csv"},
                   "real",
                   0,
                   "bisect: good (exit 0) against idle: real the same in every run of busy"}),
    [](const ::testing::TestParamInfo<BisectCase>& test) { return std::string(test.param.name); });

// Under --bisect every other status stops the bisection (128) instead of
// marking the commit bad: bad usage, bad input, a command not found.
TEST(ExitStatusTest, BisectStopsOnAnythingButAnAnswer) {
  TempDir dir;
  WriteGoodAndBadSets(dir);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"compare", "--bisect", "-c", "100", "good.csv", "slow.csv"},
           {"compare", "--bisect", "good.csv", "missing.csv"},
           {"compare", "--bisect", "--fail-on", "worse", "good.csv", "slow.csv"},
           {"--bisect", "-n", "1", "true"},
           {"--bisect", "--baseline", "good.csv", "-o", "s.csv", "--bogus", "true"},
           {"-q", "--bisect", "--baseline", "good.csv", "-o", "s.csv", "no-such-command-xyz"}}) {
    const ProcessResult r = RunTimeit(args, "", dir.path());
    EXPECT_EQ(r.exit_status, 128) << args[1] << " " << args[2] << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// The run mode: a metric of the command's output, the same in every run,
// against baselines where it was lower, the same, and higher. A command
// that fails cannot be judged: git bisect skips that commit.
TEST(ExitStatusTest, RunModesBisectAgainstItsBaseline) {
  TempDir dir;
  const auto baseline = [&](const char* name, const char* score) {
    dir.Write(name,
              std::string("label,score\nb,") + score + "\nb," + score + "\nb," + score + "\n");
  };
  baseline("lower.csv", "10");
  baseline("equal.csv", "100");
  baseline("higher.csv", "1000");
  const auto run = [&](const char* against, const char* script) {
    return RunTimeit({"-q", "-n", "2", "--no-counters", "--metric", "score=score (\\d+)",
                      "--baseline", against, "--bisect", "-m", "score", "--append-any", "-o",
                      std::string("run-") + against, "sh", "-c", script},
                     "", dir.path());
  };
  const ProcessResult worse = run("lower.csv", "echo score 100");
  EXPECT_EQ(worse.exit_status, 1) << worse.err;
  EXPECT_NE(worse.out.find("bisect: bad (exit 1) against b: score worse in run-lower (+900%"),
            std::string::npos)
      << worse.out;
  EXPECT_EQ(run("equal.csv", "echo score 100").exit_status, 0);
  EXPECT_EQ(run("higher.csv", "echo score 100").exit_status, 0);
  const ProcessResult failed = run("equal.csv", "echo score 100; exit 3");
  EXPECT_EQ(failed.exit_status, 125) << failed.err;
  EXPECT_NE(failed.out.find("bisect: skip (exit 125): the command failed"), std::string::npos)
      << failed.out;
}

}  // namespace
}  // namespace timeit::testing
