// Timing runs that the counters do not slow: a default series makes its -n
// timing runs without the counters that cost the command per event (the
// syscall tracepoint, page faults, context switches, CPU migrations), and
// --counting-runs K (default 3, at most -n) counting runs that count them,
// alternating with the first timing runs; the `role` column says which run
// is which, and compare, the summary and --target-ci take each metric from
// its own runs. --count-in-every-run writes the rows of before. What the
// counters cost is bench/counter-cost.sh's (no timing here).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

constexpr const char* kPerEvent[] = {"syscalls", "page-faults", "context-switches",
                                     "cpu-migrations"};

std::string Cell(const RunsTable& t, std::size_t row, const std::string& column) {
  const auto c = t.Column(column);
  EXPECT_TRUE(c.has_value()) << column;
  return c ? t.rows[row][*c] : std::string();
}

/// syscall_loop N makes N getppid calls and few others: its counting rows'
/// syscalls lie just above N, and a timing row has none.
/// Both ways of counting a tree: by cgroup the counting run's counters are
/// opened on its cgroup before the child exists, by inheritance on the
/// held child (not on timeit: timeit-spawner, forked before them, clones
/// the child).
class TimingRunsByTest : public ::testing::TestWithParam<const char*> {};

TEST_P(TimingRunsByTest, DefaultSeriesTimesWithoutTheTracepointAndCountsWithIt) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "5", "-w", "1", "--count-by", GetParam(), "-o", "s.csv", SYSCALL_LOOP_BINARY, "20000"},
      "", dir.path());
  if (r.exit_status == 2 && std::string(GetParam()) == "cgroup")
    GTEST_SKIP() << "no counting by cgroup here: " << r.err;
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  ASSERT_EQ(t.columns.back(), "role");
  // A warm-up, then the five timing runs, the first three each followed by
  // a counting run.
  const std::vector<std::string> roles = {"time", "time",  "count", "time", "count",
                                          "time", "count", "time",  "time"};
  ASSERT_EQ(ColumnOf(t, "role"), roles);
  EXPECT_EQ(ColumnOf(t, "run"),
            (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9"}));
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const bool counting = roles[i] == "count";
    EXPECT_FALSE(Cell(t, i, "real").empty());
    EXPECT_FALSE(Cell(t, i, "task-clock").empty()) << "a clock costs no time per event";
    for (const char* metric : kPerEvent)
      EXPECT_EQ(Cell(t, i, metric).empty(), !counting) << metric << " in row " << i + 1;
    if (counting) {
      const double calls = std::stod(Cell(t, i, "syscalls"));
      EXPECT_GE(calls, 20000);
      EXPECT_LT(calls, 20000 + 200);
    }
  }
  EXPECT_EQ(Occurrences(r.err, "counted in counting runs of their own"), 1) << r.err;
  // The summary has each metric from its own runs: the times from five,
  // the per-event counts from three.
  const std::pair<std::string, std::string> runs_of[] = {{"real (s)", "x   5"},
                                                         {"task-clock (s)", "x   5"},
                                                         {"syscalls", "x   3"},
                                                         {"page-faults", "x   3"}};
  for (const auto& [line, n] : runs_of) {
    const std::size_t at = r.out.find(line);
    ASSERT_NE(at, std::string::npos) << line << "\n" << r.out;
    const std::size_t start = r.out.rfind('\n', at) + 1;
    EXPECT_EQ(r.out.substr(start, 5), n) << r.out.substr(start, at - start);
  }
}

/// The perf events timeit holds while a run's command runs: the command
/// walks up to timeit and counts its perf_event descriptors.
constexpr const char* kCountTimeitsEvents =
    "p=$PPID; while [ \"$(cat /proc/$p/comm)\" != timeit ] && [ $p -gt 1 ]; do "
    "p=$(awk '/^PPid/{print $2}' /proc/$p/status); done; "
    "echo \"events=$(ls -l /proc/$p/fd | grep -c 'anon_inode:\\[perf_event\\]')\"";

/// While a syscall tracepoint is registered anywhere, every system call of
/// every task takes the kernel's slow path: a timing run must not run with
/// one open, not even the one the plan probed and would keep on timeit (it
/// did, and cost syscall-heavy code ~7%). So a timing run with syscalls
/// among the counters holds exactly the events of one without them.
TEST_P(TimingRunsByTest, ATimingRunHoldsNoEventOfTheCountingRuns) {
  TempDir dir;
  std::vector<std::vector<std::string>> held;
  for (const std::string events : {"task-clock", "task-clock,syscalls"}) {
    std::vector<std::string> args = {"-q",
                                     "-n",
                                     "3",
                                     "-w",
                                     "0",
                                     "--count-by",
                                     GetParam(),
                                     "-e",
                                     events,
                                     "--metric",
                                     "events=events=(\\d+)",
                                     "-o",
                                     held.empty() ? "a.csv" : "b.csv"};
    for (const std::string& word : Sh(kCountTimeitsEvents)) args.push_back(word);
    const ProcessResult r = RunTimeit(args, "", dir.path());
    if (r.exit_status == 2 && std::string(GetParam()) == "cgroup")
      GTEST_SKIP() << "no counting by cgroup here: " << r.err;
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const RunsTable t = ReadRuns(dir.path() / (held.empty() ? "a.csv" : "b.csv"));
    // The first series has no counting runs, nor a role column.
    const auto role = t.Column("role");
    std::vector<std::string> timing;
    for (std::size_t i = 0; i < t.rows.size(); ++i)
      if (!role || t.rows[i][*role] != "count") timing.push_back(Cell(t, i, "events"));
    ASSERT_EQ(timing.size(), 3u) << events;
    held.push_back(timing);
  }
  EXPECT_EQ(held[1], held[0]) << "perf events timeit holds in the timing runs, with syscalls "
                                 "counted apart and without them";
}

INSTANTIATE_TEST_SUITE_P(CountBy, TimingRunsByTest, ::testing::Values("cgroup", "inherit"));

/// --counting-runs K: K counting runs beside -n timing runs, at most one
/// per timing run.
TEST(TimingRunsTest, CountingRunsSaysHowManyAtMostOnePerTimingRun) {
  TempDir dir;
  const struct {
    std::vector<std::string> args;
    std::vector<std::string> roles;
  } cases[] = {
      {{"-n", "4", "--counting-runs", "1"}, {"time", "count", "time", "time", "time"}},
      {{"-n", "2", "--counting-runs", "9"}, {"time", "count", "time", "count"}},
      {{"-n", "1"}, {"time", "count"}},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = c.args;
    for (const char* a : {"-w", "0", "-e", "syscalls,task-clock", "-o", "s.csv", "true"})
      args.push_back(a);
    const ProcessResult r = RunTimeit(args, "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "role"), c.roles) << c.args[1];
    std::filesystem::remove(dir.path() / "s.csv");
  }
}

/// The progress line counts both kinds: -n 4 and 3 counting runs are 7.
TEST(TimingRunsTest, TheProgressLineCountsTheCountingRuns) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "4", "-w", "1", "--progress", "bar", "-e",
                                     "syscalls,task-clock", "-o", "s.csv", "true"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(Occurrences(r.err, "timeit: warm-up 1/1 "), 1) << r.err;
  for (int run = 1; run <= 7; ++run)
    EXPECT_EQ(Occurrences(r.err, "timeit: run " + std::to_string(run) + "/7 "), 1) << r.err;
  EXPECT_EQ(Occurrences(r.err, "/4 "), 0) << r.err;
}

/// Bad input, one line and exit status 2; and --target-ci cannot aim at a
/// metric of the counting runs, whose number is fixed.
TEST(TimingRunsTest, CountingRunsIsAPositiveCountAndNeedsCountingRuns) {
  const struct {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"--counting-runs", "0", "true"}, "--counting-runs: expected a positive integer, got '0'"},
      {{"--counting-runs", "2", "--count-in-every-run", "true"},
       "--counting-runs and --count-in-every-run contradict each other"},
      {{"--counting-runs", "2", "--no-counters", "true"},
       "--counting-runs and --no-counters contradict each other"},
      {{"--target-ci", "5:syscalls", "-e", "syscalls,task-clock", "true"},
       "--target-ci: syscalls is counted in counting runs of their own"},
  };
  for (const auto& c : cases) {
    TempDir dir;
    const ProcessResult r = RunTimeit(c.args, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << c.args[0];
    EXPECT_NE(r.err.find(c.err), std::string::npos) << r.err;
    EXPECT_EQ(Occurrences(r.err, "\n"), 1) << r.err;
    EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << "no results file: " << c.err;
  }
}

TEST(TimingRunsTest, CountInEveryRunGivesTodaysRows) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "2", "-w", "0", "--count-in-every-run", "-o", "s.csv", SYSCALL_LOOP_BINARY, "20000"},
      "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  EXPECT_FALSE(t.Column("role").has_value());
  EXPECT_EQ(t.columns.back(), "command");
  ASSERT_EQ(t.rows.size(), 2u);
  for (std::size_t i = 0; i < t.rows.size(); ++i)
    for (const char* metric : kPerEvent) EXPECT_FALSE(Cell(t, i, metric).empty()) << metric;
}

TEST(TimingRunsTest, NothingPerEventMeansNoCountingRuns) {
  TempDir dir;
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"-e", "task-clock"}, std::vector<std::string>{"--no-counters"}}) {
    std::vector<std::string> args = {"-n", "2", "-w", "0", "-o", "s.csv"};
    args.insert(args.end(), options.begin(), options.end());
    args.push_back("true");
    const ProcessResult r = RunTimeit(args, "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const RunsTable t = ReadRuns(dir.path() / "s.csv");
    EXPECT_FALSE(t.Column("role").has_value()) << options[0];
    EXPECT_EQ(t.rows.size(), 2u) << options[0];
    std::filesystem::remove(dir.path() / "s.csv");
  }
}

TEST(TimingRunsTest, CountInEveryRunContradictsNoCounters) {
  const ProcessResult r = RunTimeit({"--count-in-every-run", "--no-counters", "true"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err, "timeit: --count-in-every-run and --no-counters contradict each other\n");
}

/// Configurations: each configuration's runs go round as a plain series'
/// do, a round of every configuration's timing runs, then a round of their
/// counting runs (-n 2: two of each).
TEST(TimingRunsTest, ConfigurationsAlternateRoundsOfEach) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "2", "-w", "0", "-e", "syscalls,task-clock", "--config",
                                     "a=true", "--config", "b=true", "-o", "s.csv", "true"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  EXPECT_EQ(ColumnOf(t, "label"),
            (std::vector<std::string>{"a", "b", "a", "b", "a", "b", "a", "b"}));
  EXPECT_EQ(ColumnOf(t, "role"), (std::vector<std::string>{"time", "time", "count", "count", "time",
                                                           "time", "count", "count"}));
  EXPECT_EQ(ColumnOf(t, "run"), (std::vector<std::string>{"1", "1", "2", "2", "3", "3", "4", "4"}));
}

/// --target-ci stops only once the counting runs are done: there are no
/// more to come, and their counts would be missing.
TEST(TimingRunsTest, AnAdaptiveSeriesStopsAfterItsCountingRuns) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-w", "0", "--target-ci", "1000", "--min-runs", "2",
                                     "--max-runs", "20", "-e", "syscalls", "-o", "s.csv", "true"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  EXPECT_EQ(ColumnOf(t, "role"),
            (std::vector<std::string>{"time", "count", "time", "count", "time", "count"}));
  EXPECT_NE(r.err.find("stopped after 3 measured runs"), std::string::npos) << r.err;
}

/// A results file with a role column, written here by hand: compare takes
/// real from the timing rows (the counting rows' are ten times slower) and
/// syscalls from the counting rows; against ministat on the same values.
TEST(TimingRunsTest, CompareTakesEachMetricFromItsOwnRows) {
  TempDir dir;
  std::string timed_a, counted_a;
  for (const char* label : {"a", "b"}) {
    std::ofstream f(dir.path() / (std::string(label) + ".csv"));
    f << "label,run,warmup,start,status,status_text,real,syscalls,notes,command,role\n";
    const int shift = label[0] == 'b' ? 2 : 0;
    for (int run = 1; run <= 8; ++run) {
      const bool counting = run % 2 == 0;
      const std::string real = (counting ? "1" : "0.") + std::to_string(run + shift);
      const std::string calls = counting ? std::to_string(1000 + run) : "";
      f << label << "," << run << ",0,2026-12-05T07:00:0" << run << ".000Z,0,," << real << ","
        << calls << ",,true," << (counting ? "count" : "time") << "\n";
      if (!counting && label[0] == 'a') timed_a += real + "\n";
      if (counting && label[0] == 'a') counted_a += calls + "\n";
    }
  }
  const ProcessResult r =
      RunTimeit({"compare", "-m", "real,syscalls", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // ministat's vitals of the timing rows' real and of the counting rows'
  // syscalls: N, Min, Max, Avg and Stddev as compare's blocks have them
  // (for an even N ministat's median is the upper middle value).
  const auto vitals = [](const std::string& text, std::size_t from) {
    std::istringstream line(text.substr(from, text.find('\n', from) - from));
    std::vector<std::string> fields(std::istream_iterator<std::string>{line},
                                    std::istream_iterator<std::string>{});
    if (fields.size() == 7) fields.erase(fields.begin() + 4);  // the median
    return fields;
  };
  const std::size_t real_at = r.out.find("x   4"), calls_at = r.out.find("x   4", real_at + 1);
  ASSERT_NE(calls_at, std::string::npos) << r.out;
  const ProcessResult peer = RunProcess({"ministat", "-n", dir.Write("ta", timed_a).string()});
  ASSERT_EQ(peer.exit_status, 0) << peer.err;
  EXPECT_EQ(vitals(r.out, real_at), vitals(peer.out, peer.out.find("x   4"))) << r.out;
  const ProcessResult counts = RunProcess({"ministat", "-n", dir.Write("ca", counted_a).string()});
  ASSERT_EQ(counts.exit_status, 0) << counts.err;
  EXPECT_EQ(vitals(r.out, calls_at), vitals(counts.out, counts.out.find("x   4"))) << r.out;
  EXPECT_EQ(r.out.find("x   8"), std::string::npos) << r.out;
}

/// A file without the column (an earlier timeit's) reads as it always did,
/// beside one with it; and a series with counting runs does not append to
/// it, but one with --count-in-every-run does.
TEST(TimingRunsTest, AnEarlierFileStillReadsAndTakesOnlyRowsLikeIts) {
  TempDir dir;
  const ProcessResult old = RunTimeit({"-n", "3", "-w", "0", "--count-in-every-run", "-e",
                                       "syscalls,task-clock", "-o", "old.csv", "true"},
                                      "", dir.path());
  ASSERT_EQ(old.exit_status, 0) << old.err;
  const ProcessResult now = RunTimeit(
      {"-n", "3", "-w", "0", "-e", "syscalls,task-clock", "-o", "new.csv", "true"}, "", dir.path());
  ASSERT_EQ(now.exit_status, 0) << now.err;
  const ProcessResult cmp =
      RunTimeit({"compare", "-m", "real,syscalls", "old.csv", "new.csv"}, "", dir.path());
  ASSERT_EQ(cmp.exit_status, 0) << cmp.err;
  EXPECT_EQ(Occurrences(cmp.out, "x   3 "), 1) << cmp.out;  // real, from the timing rows
  EXPECT_EQ(Occurrences(cmp.out, "+   3 "), 1) << cmp.out;
  EXPECT_NE(cmp.out.find("syscalls"), std::string::npos) << cmp.out;
  EXPECT_EQ(cmp.out.find("no value"), std::string::npos) << cmp.out;

  const ProcessResult refused = RunTimeit(
      {"-n", "1", "-w", "0", "-e", "syscalls,task-clock", "-o", "old.csv", "true"}, "", dir.path());
  EXPECT_EQ(refused.exit_status, 2);
  EXPECT_NE(
      refused.err.find("old.csv:1: cannot append: its runs counted every counter in every run"),
      std::string::npos)
      << refused.err;
  EXPECT_EQ(Occurrences(refused.err, "\n"), 1) << refused.err;
  const ProcessResult appended = RunTimeit({"-n", "1", "-w", "0", "--count-in-every-run", "-e",
                                            "syscalls,task-clock", "-o", "new.csv", "true"},
                                           "", dir.path());
  ASSERT_EQ(appended.exit_status, 0) << appended.err;
  const RunsTable t = ReadRuns(dir.path() / "new.csv");
  ASSERT_EQ(t.rows.size(), 7u);
  EXPECT_EQ(ColumnOf(t, "role").back(), "");
  EXPECT_FALSE(Cell(t, 6, "syscalls").empty());
}

}  // namespace
}  // namespace timeit::testing
