// timeit -n N COMMAND as a user runs it: counts, warm-up, labels, appending,
// the order of helper commands, failures and exit statuses.
#include <gtest/gtest.h>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

using Cells = std::vector<std::string>;

/// Whether a series of the default counters has counting runs here. Under
/// qemu-user, where the cross builds' tests run, there is no perf_event_open:
/// every counter is empty and a series is its -n runs alone, with no `role`.
#ifdef TIMEIT_EMULATOR
constexpr bool kCountingRuns = false;
#else
constexpr bool kCountingRuns = true;
#endif

/// `with` where the series has counting runs, `without` where it has none.
template <typename T>
T IfCounting(T with, T without) {
  return kCountingRuns ? with : without;
}

TEST(RunSeriesTest, RunAndWarmupCountsAndFlags) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "3", "-w", "2", "-o", "s.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  // The default counters include syscalls and page-faults: the 3 timing
  // runs and 3 counting runs (the default, at most -n) after the warm-ups,
  // numbered on.
  EXPECT_EQ(ColumnOf(t, "run"), IfCounting(Cells{"1", "2", "3", "4", "5", "6", "7", "8"},
                                           Cells{"1", "2", "3", "4", "5"}));
  EXPECT_EQ(ColumnOf(t, "warmup"), IfCounting(Cells{"1", "1", "0", "0", "0", "0", "0", "0"},
                                              Cells{"1", "1", "0", "0", "0"}));
  EXPECT_EQ(ColumnOf(t, "status"), Cells(IfCounting(8, 5), "0"));
  if (kCountingRuns) {
    EXPECT_EQ(ColumnOf(t, "role"),
              (Cells{"time", "time", "time", "count", "time", "count", "time", "count"}));
  }
  // The summary covers the 3 measured runs of each metric only.
  EXPECT_NE(
      r.out.find("    N           Min           Max        Median           Avg        Stddev\n"),
      std::string::npos);
  EXPECT_NE(r.out.find("x   3 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("x   5 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("x   6 "), std::string::npos) << r.out;
}

TEST(RunSeriesTest, HeaderAndMetricColumns) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-n", "1", "-o", "s.csv", "true"}, "", dir.path()).exit_status, 0);
  const std::string text = ReadFile(dir.path() / "s.csv");
  EXPECT_EQ(text.rfind("label,run,warmup,start,status,status_text,real,user,sys,maxrss,minflt,"
                       "majflt,nvcsw,"
                       "nivcsw,inblock,oublock,",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find(",notes,host,kernel_release,kernel_version,cpu_model,platform,boot_id,"
                      "cmdline,microcode,governor,boost,smt,aslr,thp,nmi_watchdog,"
                      "perf_event_paranoid,mitigations,load1,cpus_online,virtualized,boot_method,"
                      "timeit_version,command" +
                      IfCounting<std::string>(",role\n", "\n")),
            std::string::npos)
      << text;
}

TEST(RunSeriesTest, LabelIsTheOutputFileStemOrGiven) {
  TempDir dir;
  // -e task-clock: one run, one row (no counting runs; their rows are
  // labelled alike, TimingRunsTest).
  ASSERT_EQ(RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "-o", "isync.csv", "true"}, "",
                      dir.path())
                .exit_status,
            0);
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "isync.csv"), "label"), Cells{"isync"});
  ASSERT_EQ(
      RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "--label", "x y", "-o", "o.csv", "true"},
                "", dir.path())
          .exit_status,
      0);
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "o.csv"), "label"), Cells{"x y"});
}

TEST(RunSeriesTest, AppendingContinuesTheSeries) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-n", "2", "-o", "s.csv", "true"}, "", dir.path()).exit_status, 0);
  const ProcessResult r = RunTimeit({"-n", "2", "-o", "s.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.err.find("appending runs to s.csv"), std::string::npos) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  // Each series: a warm-up, then its 2 timing runs and 2 counting runs.
  EXPECT_EQ(ColumnOf(t, "run"), IfCounting(Cells{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"},
                                           Cells{"1", "2", "3", "4", "5", "6"}));
  EXPECT_EQ(ColumnOf(t, "warmup"),
            IfCounting(Cells{"1", "0", "0", "0", "0", "1", "0", "0", "0", "0"},
                       Cells{"1", "0", "0", "1", "0", "0"}));
  if (kCountingRuns) {
    EXPECT_EQ(ColumnOf(t, "role"), (Cells{"time", "time", "count", "time", "count", "time", "time",
                                          "count", "time", "count"}));
  }
}

TEST(RunSeriesTest, AppendingToOtherColumnsIsAUsageError) {
  TempDir dir;
  dir.Write("s.csv", "label,run,other\nx,1,2\n");
  const ProcessResult r = RunTimeit({"-n", "1", "-o", "s.csv", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err.rfind("timeit: s.csv:1: cannot append: its columns differ", 0), 0u) << r.err;
  EXPECT_EQ(ReadFile(dir.path() / "s.csv"), "label,run,other\nx,1,2\n");
}

TEST(RunSeriesTest, DefaultFileIsAnnouncedAndCsvGoesToStdoutWithDash) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0);
  EXPECT_EQ(r.err.rfind("timeit: recording runs in timeit-", 0), 0u) << r.err;
  const std::string name = r.err.substr(r.err.find("timeit-"), 26);
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / name), "label"), Cells{name.substr(0, 22)});

  const ProcessResult s =
      RunTimeit(Cat({"-n", "2", "-o", "-"}, Sh("echo from-command")), "", dir.path());
  ASSERT_EQ(s.exit_status, 0) << s.err;
  EXPECT_EQ(s.out.rfind("label,run,", 0), 0u) << s.out;
  EXPECT_EQ(s.out.find("\nfrom-command\n"), std::string::npos);  // sent to stderr
  EXPECT_NE(s.err.find("from-command\n"), std::string::npos);
  EXPECT_NE(s.err.find("Stddev"), std::string::npos);  // the summary too
}

TEST(RunSeriesTest, OptionsAfterTheCommandBelongToIt) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "-q", "-o", "s.csv",
                                     "printf", "%s|", "-j64", "-n", "5"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out, "-j64|-n|5|");
  EXPECT_EQ(r.err, "");
}

TEST(RunSeriesTest, OrderOfSetupPrepareRunCleanupTeardown) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit(Cat({"-n", "2", "-w", "1", "-q", "-o", "s.csv", "--setup", "echo setup >> log",
                     "--prepare", "echo prepare >> log", "--cleanup", "echo cleanup >> log",
                     "--teardown", "echo teardown >> log"},
                    Sh("echo run >> log")),
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // A warm-up, 2 timing runs and 2 counting runs: a counting run is
  // prepared and cleaned up as every run is, so that it counts what a
  // timing run times.
  std::string runs;
  for (int i = 0; i < IfCounting(5, 3); ++i) runs += "prepare\nrun\ncleanup\n";
  EXPECT_EQ(ReadFile(dir.path() / "log"), "setup\n" + runs + "teardown\n");
}

TEST(RunSeriesTest, FailureStopsTheSeriesAndKeepsFinishedRuns) {
  TempDir dir;
  // Runs 1 and 2 succeed, run 3 exits 3.
  const std::string script =
      "n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; [ $n -lt 3 ] || exit 3";
  const ProcessResult r = RunTimeit(Cat({"-n", "5", "-o", "s.csv"}, Sh(script)), "", dir.path());
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("timeit: run 3 failed: exit status 3\n"), std::string::npos) << r.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "status"), (Cells{"0", "0", "3"}));
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "status_text"), (Cells{"", "", ""}));
}

// The failed run is in the CSV but not in the summary: compare leaves it
// out, and the summary says so rather than quietly count it (its v of 100
// would be the maximum and pull the mean).
TEST(RunSeriesTest, SummaryLeavesTheFailedRunOutAsCompareDoes) {
  TempDir dir;
  const std::string script =
      "n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; "
      "if [ $n -lt 3 ]; then echo v=$n; else echo v=100; exit 3; fi";
  for (const bool ignore : {false, true}) {
    std::filesystem::remove(dir.path() / "n");
    std::filesystem::remove(dir.path() / "s.csv");
    std::vector<std::string> args = {"-n",       "3",          "-w", "0",    "--no-counters",
                                     "--metric", "v=v=(\\d+)", "-o", "s.csv"};
    if (ignore) args.push_back("--ignore-failure");
    const ProcessResult r = RunTimeit(Cat(args, Sh(script)), "", dir.path());
    EXPECT_EQ(r.exit_status, ignore ? 0 : 1) << r.err;
    EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "v"), (Cells{"1", "2", "100"}));
    EXPECT_NE(r.out.find("\nx   2             1             2           1.5           1.5    "
                         "0.70710678  v\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.err.find("timeit: 1 failed run is in s.csv but left out of the summary, as "
                         "timeit compare leaves it out\n"),
              std::string::npos)
        << r.err;
  }
}

// The summary shows what compare shows by default (the times, the counters,
// a --metric), and names how many more the CSV holds; --all-metrics shows
// them, as compare's does. Every column is in the CSV either way.
TEST(RunSeriesTest, SummaryShowsTheDetailsOnlyWithAllMetrics) {
  TempDir dir;
  for (const bool all : {false, true}) {
    std::vector<std::string> args = {"-n", "2", "--no-counters", "--metric", "v=v=(\\d+)",
                                     "-o", all ? "all.csv" : "some.csv"};
    if (all) args.push_back("--all-metrics");
    const ProcessResult r = RunTimeit(Cat(args, Sh("echo v=7")), "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    EXPECT_NE(r.out.find("  real (s)\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  v\n"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("  maxrss (KiB)\n") != std::string::npos, all) << r.out;
    EXPECT_EQ(r.out.find("  minflt\n") != std::string::npos, all) << r.out;
    EXPECT_EQ(r.out.find("more metrics in the CSV (resource usage, the run's cgroup): "
                         "--all-metrics shows them\n") != std::string::npos,
              !all)
        << r.out;
    const auto runs = ReadRuns(dir.path() / (all ? "all.csv" : "some.csv"));
    EXPECT_EQ(ColumnOf(runs, "maxrss").size(), 3u);  // the warm-up and two runs
  }
}

TEST(RunSeriesTest, IgnoreFailureGoesOn) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit(Cat({"-n", "3", "-w", "0", "--ignore-failure", "-o", "s.csv"}, Sh("kill -SEGV $$")),
                "", dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  // status as the shell reports the same death, the signal's name beside it.
  const ProcessResult shell = RunProcess({"/bin/sh", "-c", "sh -c 'kill -SEGV $$'; echo $?"});
  const std::string shell_status = shell.out.substr(0, shell.out.find('\n'));
  EXPECT_EQ(shell_status, "139");
  const auto runs = ReadRuns(dir.path() / "s.csv");
  // Every run goes on, the 3 timing runs and the 3 counting runs alike.
  EXPECT_EQ(ColumnOf(runs, "status"), Cells(IfCounting(6, 3), shell_status));
  EXPECT_EQ(ColumnOf(runs, "status_text"), Cells(IfCounting(6, 3), "SIGSEGV"));
  if (kCountingRuns) {
    EXPECT_EQ(ColumnOf(runs, "role"), (Cells{"time", "count", "time", "count", "time", "count"}));
    EXPECT_NE(r.err.find("run 1 failed: killed by SIGSEGV"), std::string::npos) << r.err;
  }
}

TEST(RunSeriesTest, FailingPrepareStops) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-o", "s.csv", "--prepare", "exit 4", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("--prepare failed at run 1: exit status 4"), std::string::npos) << r.err;
}

TEST(RunSeriesTest, NullOutputStillShowsAFailingRunsErrors) {
  TempDir dir;
  const ProcessResult ok =
      RunTimeit(Cat({"-n", "1", "-q", "--command-output", "null", "-o", "a.csv"},
                    Sh("echo out; echo err >&2")),
                "", dir.path());
  ASSERT_EQ(ok.exit_status, 0);
  EXPECT_EQ(ok.out, "");
  EXPECT_EQ(ok.err, "");
  const ProcessResult bad =
      RunTimeit(Cat({"-n", "1", "-q", "--command-output", "null", "-o", "b.csv"},
                    Sh("echo out; echo boom >&2; exit 1")),
                "", dir.path());
  EXPECT_EQ(bad.exit_status, 1);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("boom"), std::string::npos) << bad.err;
}

TEST(RunSeriesTest, TimeoutKillsTheRunAndCountsAsFailure) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "1", "-w", "0", "--timeout", "0.2", "-o", "s.csv", "sleep", "30"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 1);
  const auto runs = ReadRuns(dir.path() / "s.csv");
  EXPECT_EQ(ColumnOf(runs, "status"), Cells{"137"});  // killed with SIGKILL
  EXPECT_EQ(ColumnOf(runs, "status_text"), Cells{"timeout"});
}

// As a POSIX shell says it: 127 no such command, 126 one that cannot be executed.
TEST(RunSeriesTest, CommandNotFoundIs127AndNotExecutable126) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-o", "s.csv", "no-such-command-xyz"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 127);
  EXPECT_EQ(r.err, "timeit: no-such-command-xyz: command not found\n");
  dir.Write("data", "not a program");
  const ProcessResult p = RunTimeit({"-n", "2", "-o", "p.csv", "./data"}, "", dir.path());
  EXPECT_EQ(p.exit_status, 126);
  EXPECT_NE(p.err.find("timeit: ./data: Permission denied\n"), std::string::npos) << p.err;
}

TEST(RunSeriesTest, ForkFallbackWhereCloneVmIsRefused) {
  // TIMEIT_SPAWN=fork takes the path used where clone(CLONE_VM) is refused
  // (qemu-user): same rows, and a failed exec still reported as a shell would.
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "runs timeit through env(1), without its emulator";
#endif
  TempDir dir;
  const ProcessResult ok = RunProcess({"env", "TIMEIT_SPAWN=fork", TIMEIT_BINARY, "-n", "2", "-e",
                                       "task-clock", "-q", "-o", "s.csv", "true"},
                                      "", dir.path());
  ASSERT_EQ(ok.exit_status, 0) << ok.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "status"), (Cells{"0", "0", "0"}));
  dir.Write("data", "not a program");
  const ProcessResult bad =
      RunProcess({"env", "TIMEIT_SPAWN=fork", TIMEIT_BINARY, "-n", "2", "-o", "p.csv", "./data"},
                 "", dir.path());
  EXPECT_EQ(bad.exit_status, 126);
  EXPECT_NE(bad.err.find("timeit: ./data: Permission denied\n"), std::string::npos) << bad.err;
}

TEST(RunSeriesTest, AFailedExecIsReportedEachWayTheSpawnerStartsAChild) {
  // timeit-spawner's child shares its memory until exec, or (no-clone-vm, as
  // under qemu-user) has a copy; held before exec (the default counting
  // runs) or not (--no-counters): the exec's errno reaches timeit each way.
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "runs timeit through env(1), without its emulator";
#endif
  TempDir dir;
  dir.Write("data", "not a program");
  for (const std::string spawn : {"TIMEIT_SPAWN=", "TIMEIT_SPAWN=no-clone-vm"}) {
    for (const std::string counting : {"--no-counters", "--count-by=inherit"}) {
      const ProcessResult bad = RunProcess(
          {"env", spawn, TIMEIT_BINARY, "-n", "2", counting, "-o", "p.csv", "./data"}, "",
          dir.path());
      EXPECT_EQ(bad.exit_status, 126) << spawn << " " << counting;
      EXPECT_NE(bad.err.find("timeit: ./data: Permission denied\n"), std::string::npos)
          << spawn << " " << counting << ": " << bad.err;
    }
  }
}

TEST(RunSeriesTest, BadOptionsAreOneLineAndExit2) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"-n", "abc", "true"}, {"-n", "-3", "true"}, {"--bogus", "true"}, {"-n", "3"}}) {
    const ProcessResult r = RunTimeit(args);
    EXPECT_EQ(r.exit_status, 2) << args[0];
    EXPECT_EQ(r.err.rfind("timeit: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(RunSeriesTest, CsvLoadsWithPythonsCsvModule) {
  if (std::system("python3 -c 'import csv' >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "python3 missing";
  TempDir dir;
  ASSERT_EQ(RunTimeit(Cat({"-n", "2", "-q", "-o", "s.csv"}, Sh("echo 'a, \"b\"' >/dev/null")), "",
                      dir.path())
                .exit_status,
            0);
  const ProcessResult py =
      RunProcess({"python3", "-c",
                  "import csv,sys; rows=list(csv.reader(open('s.csv', newline=''))); "
                  "assert len({len(r) for r in rows}) == 1; print(len(rows)); "
                  "print(rows[1][rows[0].index('command')]); print(rows[0][-1])"},
                 "", dir.path());
  EXPECT_EQ(py.exit_status, 0) << py.err;
  // The header, a warm-up, 2 timing and 2 counting runs; `role` last.
  EXPECT_EQ(py.out, IfCounting<std::string>("6", "4") +
                        "\nsh -c 'echo '\\''a, \"b\"'\\'' >/dev/null'\n" +
                        IfCounting<std::string>("role", "command") + "\n");
}

// A command line longer than Python's csv.field_size_limit (131072) would
// make the file unreadable there: its cell keeps the first 64 KiB and says
// how long the whole was, and the series says so once.
TEST(RunSeriesTest, HugeCommandLineKeepsTheCsvReadable) {
  TempDir dir;
  const std::string word(70000, 'a');
  const ProcessResult r = RunTimeit(
      {"-n", "2", "--no-counters", "-o", "s.csv", "true", word, word, word}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string whole = std::to_string(4 + 3 * 70001);
  EXPECT_NE(r.err.find("timeit: the command line is " + whole +
                       " bytes; the CSV's command cell keeps the first 64 KiB, so that every CSV "
                       "reader can read it\n"),
            std::string::npos)
      << r.err;
  const ProcessResult py =
      RunProcess({"/usr/bin/python3", "-c",
                  "import csv; rows = list(csv.reader(open('s.csv', newline=''))); "
                  "c = rows[1][rows[0].index('command')]; print(len(rows), len(c) <= 65536, c[:7], "
                  "c[c.rindex(' ... '):])"},
                 "", dir.path());
  EXPECT_EQ(py.exit_status, 0) << py.err;
  EXPECT_EQ(py.out, "4 True true aa  ... (" + whole + " bytes)\n");
}

}  // namespace
}  // namespace timeit::testing
