// --metric NAME=REGEX: metrics from the command's own output, read as it
// streams. A workload that prints like super-smack, runs without a match or
// with text instead of a number, 100 MB of output (a 30 MB line among it)
// with timeit's own peak RSS read from inside the run, helper commands whose
// output must not count, bad --metric values, and compare reading the
// direction back from the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

using Cells = std::vector<std::string>;

constexpr const char* kQps = "qps=Queries per second: ([0-9.]+),higher";

/// Prints like super-smack: progress first, the final figure last; a
/// different figure each run (1000 + 111 * run), which it also appends to
/// truth.txt so that the test knows what each run printed. Diagnostics go to
/// stderr.
std::string SmackScript(const TempDir& dir) {
  return dir
      .Write("smack.sh",
             "n=$(( $(wc -l < truth.txt 2>/dev/null || echo 0) + 1 ))\n"
             "echo 'Query Barrel Report for client smacker1'\n"
             "echo 'Queries per second: 3.5'\n"
             "echo 'connect: max=4ms min=0ms avg=1ms from 10 clients' >&2\n"
             "printf 'Queries per second: %d.25\\n' $((1000 + 111 * n))\n"
             "printf '%d.25\\n' $((1000 + 111 * n)) >> truth.txt\n")
      .string();
}

TEST(OutputMetricTest, LastMatchOfEachRunIsItsValue) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "3", "--no-counters", "--no-cgroup", "--metric", kQps,
                                     "-o", "q.csv", "sh", SmackScript(dir)},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "q.csv");
  // The warm-up run and 3 measured runs, each its own last figure.
  EXPECT_EQ(ColumnOf(t, "qps"), (Cells{"1111.25", "1222.25", "1333.25", "1444.25"}));
  EXPECT_EQ(ReadFile(dir.path() / "truth.txt"), "1111.25\n1222.25\n1333.25\n1444.25\n");
  EXPECT_EQ(ColumnOf(t, "higher_is_better"), (Cells{"qps", "qps", "qps", "qps"}));
  EXPECT_EQ(ColumnOf(t, "notes"), (Cells{"", "", "", ""}));
  // The output is still shown, each stream where it went before.
  EXPECT_NE(r.out.find("Queries per second: 1444.25\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("connect: max=4ms min=0ms avg=1ms from 10 clients\n"), std::string::npos);
  EXPECT_EQ(r.out.find("connect:"), std::string::npos);
  // ... and the metric is in the summary.
  EXPECT_NE(r.out.find("x   3       1222.25       1444.25       1333.25       1333.25"),
            std::string::npos)
      << r.out;
}

TEST(OutputMetricTest, NoMatchOrNoNumberIsAnEmptyCellAndANote) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "2", "-w", "0", "--no-counters", "--no-cgroup", "--metric",
       "qps=Queries per second: (\\S+)", "--metric", "tps=Transactions: (\\d+)", "-o", "q.csv",
       "sh", "-c",
       "echo 'Queries per second: 1.2k'; [ -e once ] || echo 'Transactions: 7'; touch once"},
      "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "q.csv");
  EXPECT_EQ(ColumnOf(t, "qps"), (Cells{"", ""}));  // units are not guessed: not 1200, not 0
  EXPECT_EQ(ColumnOf(t, "tps"), (Cells{"7", ""}));
  EXPECT_EQ(ColumnOf(t, "notes"),
            (Cells{"qps: '1.2k' in the output is not a number",
                   "tps: no match for 'Transactions: (\\d+)' in the output; qps: '1.2k' in the "
                   "output is not a number"}));
  // Each metric's first miss is said; the rows keep every one, and the end
  // of the series counts them instead of a line per run.
  EXPECT_NE(r.err.find("timeit: run 2: tps: no match for 'Transactions: (\\d+)' in the output\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(Occurrences(r.err, "qps: '1.2k' in the output is not a number"), 1) << r.err;
  EXPECT_NE(r.err.find("timeit: qps: no value in 2 of 2 runs; each one's notes in the CSV say "
                       "why\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("tps: no value in"), std::string::npos) << r.err;
  // Only a series with a metric better when higher has the direction column.
  EXPECT_FALSE(t.Column("higher_is_better").has_value());
}

TEST(OutputMetricTest, HelperCommandsOutputIsNotTheCommands) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "0", "--no-counters", "--metric", kQps, "--prepare",
                 "echo 'Queries per second: 999'", "--cleanup", "echo 'Queries per second: 998'",
                 "-o", "q.csv", "sh", "-c", "echo 'Queries per second: 5'"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "q.csv"), "qps"), (Cells{"5", "5"}));
  EXPECT_NE(r.out.find("Queries per second: 999\n"), std::string::npos) << r.out;
}

TEST(OutputMetricTest, LastLineWithoutNewlineAndCarriageReturns) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "1", "-w", "0", "--no-counters", "--command-output", "null", "--metric",
                 "a=^a=(\\d+)$", "--metric", "b=b=(\\d+)", "-o", "q.csv", "sh", "-c",
                 "printf 'a=1\\r\\na=2\\r\\n' >&2; printf 'b=3\\nb=4'"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "q.csv");
  EXPECT_EQ(ColumnOf(t, "a"), Cells{"2"});
  EXPECT_EQ(ColumnOf(t, "b"), Cells{"4"});
}

/// 100 MB of output: a 30 MB line without a break, then 70 MB of short
/// lines, then the peak RSS of timeit itself (the parent of the shell that
/// runs the script), which --metric reads back as a column.
std::string BigOutputScript(const TempDir& dir, long long bytes_of_lines, long long long_line) {
  return dir
      .Write("big.sh", "head -c " + std::to_string(long_line) +
                           " /dev/zero | tr '\\0' x\n"
                           "yes 'Queries per second: 12.5 lorem ipsum dolor sit amet' | head -c " +
                           std::to_string(bytes_of_lines) +
                           "\n"
                           "echo\n"
                           "grep VmHWM /proc/$PPID/status\n")
      .string();
}

TEST(OutputMetricTest, HundredMegabytesOfOutputLeaveTimeitsMemoryFlat) {
  TempDir dir;
  const auto run = [&](const std::string& csv, long long lines, long long long_line) {
    const ProcessResult r = RunTimeit(
        {"-n", "1", "-w", "0", "--no-counters", "--timeout", "120", "--command-output", "out.txt",
         "--metric", "qps=second: ([0-9.]+)", "--metric", "hwm=VmHWM:\\s+(\\d+) kB", "-o", csv,
         "sh", BigOutputScript(dir, lines, long_line)},
        "", dir.path());
    EXPECT_EQ(r.exit_status, 0) << r.err;
    return ReadRuns(dir.path() / csv);
  };
  const RunsTable small = run("small.csv", 1000, 1000);
  const RunsTable big = run("big.csv", 70'000'000, 30'000'000);
  // Every byte reached the output file (the tee lost nothing) ...
  std::ifstream out(dir.path() / "out.txt", std::ios::binary);
  out.seekg(-64, std::ios::end);
  std::string tail(64, '\0');
  out.read(tail.data(), 64);
  const std::string hwm_line = tail.substr(tail.rfind('\n', 62) + 1);
  EXPECT_TRUE(hwm_line.starts_with("VmHWM:") &&
              hwm_line.ends_with(" " + ColumnOf(big, "hwm")[0] + " kB\n"))
      << hwm_line;
  EXPECT_EQ(std::filesystem::file_size(dir.path() / "out.txt"),
            30'000'000u + 70'000'000u + 1u + hwm_line.size());
  // ... the line after the 30 MB one was still found, and the cut was noted ...
  EXPECT_EQ(ColumnOf(big, "qps"), Cells{"12.5"});
  EXPECT_NE(ColumnOf(big, "notes")[0].find("a line of the output was longer than 64 KiB"),
            std::string::npos);
  // ... and timeit's peak RSS grew by less than 4 MiB over the small run's
  // (it holds at most one read buffer and one cut line per stream).
  const double small_kib = std::stod(ColumnOf(small, "hwm")[0]);
  const double big_kib = std::stod(ColumnOf(big, "hwm")[0]);
  EXPECT_LT(big_kib - small_kib, 4096) << small_kib << " KiB, then " << big_kib << " KiB";
}

TEST(OutputMetricTest, CompareReadsTheDirectionFromTheFile) {
  TempDir dir;
  for (const auto& [name, qps] : {std::pair{"before", "100"}, std::pair{"after", "200"}}) {
    const ProcessResult r = RunTimeit(
        {"-q", "-n", "4", "--no-counters", "--metric", kQps, "-o", std::string(name) + ".csv", "sh",
         "-c", std::string("echo Queries per second: $((") + qps + " + $$ % 7))"},
        "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
  }
  const ProcessResult r =
      RunTimeit({"compare", "-m", "qps", "before.csv", "after.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::size_t row = r.out.find("\nqps ");
  ASSERT_NE(row, std::string::npos) << r.out;
  const std::string line = r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1);
  EXPECT_NE(line.find(" higher "), std::string::npos) << line;
  EXPECT_TRUE(line.ends_with("better")) << line;
}

TEST(OutputMetricTest, BadMetricsAreOneLineAndExitStatus2) {
  TempDir dir;
  const std::vector<std::pair<Cells, std::string>> cases = {
      {{"--metric", "qps"},
       "timeit: --metric: expected NAME=REGEX[,higher|lower], got 'qps' (see timeit --help)\n"},
      {{"--metric", "qps=(unclosed"},
       "timeit: --metric qps: '(unclosed' at offset 9: missing closing parenthesis\n"},
      {{"--metric", "qps=no group"},
       "timeit: --metric qps: 'no group' has no capture group; put the number in parentheses, "
       "e.g. 'Queries per second: ([0-9.]+)'\n"},
      {{"--metric", "q p=(\\d+)"},
       "timeit: --metric: the NAME before '=' must be a word of letters, digits, '_', '-' and "
       "'.' (not a number, not ending in .running), got 'q p' (see timeit --help)\n"},
      {{"--metric", "real=(\\d+)"},
       "timeit: metric 'real': there is already a column of that "
       "name\n"},
      {{"--metric", "notes=(\\d+)"},
       "timeit: metric 'notes': the results CSV has a column of that name\n"},
      {{"--metric", "a=(\\d+)", "--metric", "a=(\\d+),higher"},
       "timeit: --metric: the name 'a' is given twice\n"},
  };
  for (const auto& [args, message] : cases) {
    Cells argv = {"-n", "1", "--no-counters", "-o", "x.csv"};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.push_back("true");
    const ProcessResult r = RunTimeit(argv, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << args.back();
    EXPECT_EQ(r.err, message);
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "x.csv")) << args.back();
  }
}

}  // namespace
}  // namespace timeit::testing
