// The run mode's comparisons: --baseline FILE after a series, and --config
// A/B series run interleaved, whose order and per-configuration commands the
// commands themselves record in a file.
#include <gtest/gtest.h>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

using Cells = std::vector<std::string>;

std::string OneLine(std::string text) {
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

TEST(CompareRunTest, BaselineIsComparedAfterTheRuns) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-q", "-n", "3", "--no-counters", "-o", "isync.csv", "true"}, "", dir.path())
                .exit_status,
            0);
  const ProcessResult r = RunTimeit(
      {"-n", "3", "--no-counters", "--baseline", "isync.csv", "-o", "no_isync.csv", "true"}, "",
      dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("\nx isync.real (s)\n+ no_isync.real (s)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Summary against isync"), std::string::npos) << r.out;
  EXPECT_LT(r.out.find("    N           Min"), r.out.find("x isync.real"))
      << "the run summary comes first";
}

TEST(CompareRunTest, BadBaselineStopsBeforeTheFirstRun) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit(Cat({"--baseline", "missing.csv", "-o", "new.csv", "--"}, Sh("echo ran > ran")), "",
                dir.path());
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err, "timeit: missing.csv: No such file or directory\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "ran"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "new.csv"));
  const ProcessResult s = RunTimeit({"--baseline", "x.csv", "-o", "-", "true"}, "", dir.path());
  EXPECT_EQ(s.exit_status, 2);
  EXPECT_EQ(s.err,
            "timeit: --baseline compares the results file afterwards: give -o FILE, not -o -\n");
}

// The baseline as the results file, by its name or another path to it, is
// refused before the first run: the series would grow the baseline and
// compare it with itself, and a CI gate would fail after hours of runs.
TEST(CompareRunTest, BaselineThatIsTheResultsFileStopsBeforeTheFirstRun) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-q", "-n", "2", "--no-counters", "-o", "base.csv", "true"}, "", dir.path())
                .exit_status,
            0);
  std::filesystem::create_symlink("base.csv", dir.path() / "link.csv");
  const std::string before = ReadFile(dir.path() / "base.csv");
  for (const std::string output : {"base.csv", "./base.csv", "link.csv"}) {
    const ProcessResult r =
        RunTimeit(Cat({"-n", "2", "--no-counters", "--baseline", "base.csv", "-o", output, "--"},
                      Sh("echo ran > ran")),
                  "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << output;
    EXPECT_EQ(r.err, "timeit: --baseline base.csv is the results file of this series (-o " +
                         output + "): give the new runs their own file\n");
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "ran")) << output;
    EXPECT_EQ(ReadFile(dir.path() / "base.csv"), before) << output;
  }
}

TEST(CompareRunTest, ConfigsAlternateWithTheirCommandsBeforeEachRun) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit(Cat({"-n", "2", "-w", "1", "--no-counters", "-o", "ab.csv", "--config",
                     "A=echo cfgA >> order", "--config", "B=echo cfgB >> order", "--prepare",
                     "echo prep >> order", "--"},
                    Sh("echo run >> order")),
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(OneLine(ReadFile(dir.path() / "order")),
            "cfgA prep run cfgB prep run cfgA prep run cfgB prep run cfgA prep run cfgB prep run ");
  const RunsTable t = ReadRuns(dir.path() / "ab.csv");
  EXPECT_EQ(ColumnOf(t, "label"), (Cells{"A", "B", "A", "B", "A", "B"}));
  EXPECT_EQ(ColumnOf(t, "run"), (Cells{"1", "1", "2", "2", "3", "3"}));
  EXPECT_EQ(ColumnOf(t, "warmup"), (Cells{"1", "1", "0", "0", "0", "0"}));
  EXPECT_NE(r.out.find("x A.real (s)\n+ B.real (s)\n"), std::string::npos) << r.out;
  EXPECT_EQ(
      r.out.find(
          "    N           Min           Max        Median           Avg        Stddev\nx   4"),
      std::string::npos)
      << "no summary of A and B mixed";
  EXPECT_NE(r.err.find("timeit: recording runs in ab.csv (label A, B)\n"), std::string::npos)
      << r.err;

  // Appending continues each configuration's numbering.
  ASSERT_EQ(RunTimeit(Cat({"-q", "-n", "1", "-w", "0", "--no-counters", "--append-any", "-o",
                           "ab.csv", "--config", "A=true", "--config", "B=true", "--"},
                          Sh("true")),
                      "", dir.path())
                .exit_status,
            0);
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "ab.csv"), "run"),
            (Cells{"1", "1", "2", "2", "3", "3", "4", "4"}));
}

TEST(CompareRunTest, RandomOrderIsSeededAndBalancedPerRound) {
  TempDir dir;
  const auto run = [&dir](const char* seed) {
    std::filesystem::remove(dir.path() / "order");
    std::filesystem::remove(dir.path() / "r.csv");
    const ProcessResult r =
        RunTimeit(Cat({"-q", "-n", "5", "-w", "0", "--no-counters", "-o", "r.csv", "--order",
                       "random", "--seed", seed, "--config", "A=echo A >> order", "--config",
                       "B=echo B >> order", "--config", "C=echo C >> order", "--"},
                      Sh("true")),
                  "", dir.path());
    EXPECT_EQ(r.exit_status, 0) << r.err;
    return OneLine(ReadFile(dir.path() / "order"));
  };
  const std::string first = run("42");
  EXPECT_EQ(first, run("42"));
  EXPECT_NE(first, run("43"));
  ASSERT_EQ(first.size(), 30u);
  for (std::size_t round = 0; round < 5; ++round) {  // every round runs each configuration once
    std::string r = first.substr(round * 6, 6);
    std::sort(r.begin(), r.end());
    EXPECT_EQ(r, "   ABC") << first;
  }
  EXPECT_NE(first, "A B C A B C A B C A B C A B C ");
}

TEST(CompareRunTest, ConfigOptionErrors) {
  TempDir dir;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--config", "A=true", "-o", "x.csv", "true"},
       "timeit: --config: give 2 to 7 configurations, not 1\n"},
      {{"--config", "A=true", "--config", "A=false", "-o", "x.csv", "true"},
       "timeit: --config: the name 'A' is given twice\n"},
      {{"--config", "nocommand", "-o", "x.csv", "true"},
       "timeit: --config: expected NAME='shell command', got 'nocommand' (see timeit --help)\n"},
      {{"--config", "=true", "--config", "B=true", "-o", "x.csv", "true"},
       "timeit: --config: expected a non-empty NAME before '=' (no comma, quote or line break), "
       "got '' (see timeit --help)\n"},
      {{"--order", "random", "-o", "x.csv", "true"},
       "timeit: --order and --seed go with sets (--config, --command, --parameter-scan)\n"},
      {{"--config", "A=true", "--config", "B=true", "--order", "abba", "-o", "x.csv", "true"},
       "timeit: --order: expected alternate or random, got 'abba' (see timeit --help)\n"},
      {{"--config", "A=true", "--config", "B=true", "--seed", "3", "-o", "x.csv", "true"},
       "timeit: --seed goes with --order random\n"},
      {{"--config", "A=true", "--config", "B=true", "--label", "x", "-o", "x.csv", "true"},
       "timeit: --label and --config: the sets' names are the labels\n"},
  };
  for (const auto& [args, err] : cases) {
    const ProcessResult r = RunTimeit(args, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << err;
    EXPECT_EQ(r.err, err);
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "x.csv"));
}

TEST(CompareRunTest, FailingConfigCommandStopsTheSeries) {
  TempDir dir;
  const ProcessResult r = RunTimeit(Cat({"-n", "2", "-w", "0", "--no-counters", "-o", "f.csv",
                                         "--config", "A=true", "--config", "B=exit 3", "--"},
                                        Sh("true")),
                                    "", dir.path());
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("timeit: --config B failed at run 1: exit status 3\n"), std::string::npos)
      << r.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "f.csv"), "label"), Cells{"A"});
}

}  // namespace
}  // namespace timeit::testing
