// `timeit ministat` as a user runs it: inputs, options, terminal width and
// bad input. Its output against Debian's ministat is in
// ministat_differential_test.cc.
#include <gtest/gtest.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

const std::string kMinistatHeader =
    "    N           Min           Max        Median           Avg        Stddev\n";

TEST(MinistatCliTest, ReadsStandardInputWithoutFiles) {
  const ProcessResult r = RunTimeit({"ministat", "-n"}, "1\n2\n3\n");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out,
            "x <stdin>\n" + kMinistatHeader +
                "x   3             1             3             2             2             1\n");
}

// Current ministat names "-" as given (the old one said <stdin>).
TEST(MinistatCliTest, DashIsStandardInputNamedDash) {
  TempDir dir;
  dir.Write("a", "4\n5\n6\n");
  const ProcessResult r = RunTimeit({"ministat", "-q", "-A", "-", "a"}, "1\n2\n3\n", dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out,
            "x   3             1             3             2             2             1\n"
            "+   3             4             6             5             5             1\n"
            "Difference at 95.0% confidence\n"
            "\t3 +/- 2.26659\n"
            "\t150% +/- 215.773%\n"
            "\t(Student's t, pooled s = 1)\n");
  const ProcessResult named = RunTimeit({"ministat", "-n", "-"}, "1\n2\n3\n");
  EXPECT_EQ(named.out.substr(0, 4), "x -\n");
}

// Fields split on any delimiter byte, '#' starts a comment, lines without
// the column and blank lines are skipped, trailing white space (CR too) goes.
TEST(MinistatCliTest, ColumnsCommentsAndBlankLines) {
  const std::string input =
      "# run,seconds\n"
      "a,1\r\n"
      "\n"
      "b,,2   \n"
      "c\n"
      "d,#3\n"
      "e;4\n"
      "f,+3  # trailing comment is part of the field\n";
  const ProcessResult bad = RunTimeit({"ministat", "-n", "-C", "2", "-d", ",;"}, input);
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_EQ(bad.err,
            "timeit: <stdin>:8: '+3  # trailing comment is part of the fi...' is not a number\n");

  const std::string good = input.substr(0, input.rfind("f,"));
  const ProcessResult r = RunTimeit({"ministat", "-n", "-C2", "-d,;"}, good);
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out,
            "x <stdin>\n" + kMinistatHeader +
                "x   3             1             4             2     2.3333333     1.5275252\n");
}

TEST(MinistatCliTest, StrtodFormsFromCharsRefuses) {
  const ProcessResult r = RunTimeit({"ministat", "-n", "-q"}, "+1\n0x10\n1e-999\n.5\n5.\n");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out, "x   5             0            16             1           4.5      6.726812\n");
}

// Old ministat's one-pass variance prints Stddev 0 here.
TEST(MinistatCliTest, LargeOffsetsKeepTheirStddev) {
  const ProcessResult r = RunTimeit({"ministat", "-n", "-q"},
                                    "1000000001\n1000000002\n1000000003\n1000000004\n1000000005\n");
  EXPECT_EQ(r.out, "x   5         1e+09         1e+09         1e+09         1e+09     1.5811388\n");
}

// -h is not one of ministat's options: Debian's ministat prints its usage
// on stderr and exits 2, and so does the drop-in; --help, timeit's own, is
// the usage on stdout with 0, as for every subcommand.
TEST(MinistatCliTest, DashHIsAUsageErrorAsInMinistatAndHelpGoesToStdout) {
  const ProcessResult peer = RunProcess({"ministat", "-h"});
  const ProcessResult r = RunTimeit({"ministat", "-h"});
  EXPECT_EQ(r.exit_status, peer.exit_status);
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("usage: timeit ministat", 0), 0u) << r.err;
  const ProcessResult help = RunTimeit({"ministat", "--help"});
  EXPECT_EQ(help.exit_status, 0);
  EXPECT_EQ(help.out.rfind("usage: timeit ministat", 0), 0u);
  EXPECT_EQ(help.err, "");
}

struct MinistatBadInput {
  std::string name;  ///< gtest's (and ctest's) name for the case
  std::vector<std::string> args;
  std::string stdin_data;
  std::string error;  ///< the whole stderr line
};

void PrintTo(const MinistatBadInput& c, std::ostream* os) { *os << c.name; }

class MinistatBadInputTest : public ::testing::TestWithParam<MinistatBadInput> {};

TEST_P(MinistatBadInputTest, OneLineAndExitStatus2) {
  TempDir dir;
  dir.Write("ok", "1\n2\n3\n");
  dir.Write("empty", "");
  dir.Write("words", "1\n2\nthree\n4\n");
  dir.Write("nan", "1\n2\n3\nnan\n");
  dir.Write("inf", "1\n-inf\n");
  dir.Write("two", "1\n# 2\n\n3\n");
  dir.Write("pairs", "a 1\nb 2\nc 3\n");
  std::vector<std::string> args{"ministat"};
  args.insert(args.end(), GetParam().args.begin(), GetParam().args.end());
  const ProcessResult r = RunTimeit(args, GetParam().stdin_data, dir.path());
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err, "timeit: " + GetParam().error + "\n");
  EXPECT_EQ(r.out, "");
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, MinistatBadInputTest,
    ::testing::Values(
        MinistatBadInput{"WordInAFile", {"words"}, "", "words:3: 'three' is not a number"},
        MinistatBadInput{"NanInTheSecondFile", {"ok", "nan"}, "", "nan:4: 'nan' is not a finite number"},
        MinistatBadInput{"MinusInfinity", {"inf"}, "", "inf:2: '-inf' is not a finite number"},
        MinistatBadInput{"MissingFile", {"missing"}, "", "missing: cannot open: No such file or directory"},
        MinistatBadInput{"MissingSecondFile",
                 {"ok", "missing"},
                 "",
                 "missing: cannot open: No such file or directory"},
        MinistatBadInput{"Directory", {"."}, "", ".: cannot read: Is a directory"},
        MinistatBadInput{"EmptyFile", {"empty"}, "", "empty: empty input, no data points"},
        MinistatBadInput{"EmptyStdin", {}, "", "<stdin>: empty input, no data points"},
        MinistatBadInput{"TwoPoints", {"two"}, "", "two: 2 data points, at least 3 are needed"},
        MinistatBadInput{"NoLineHasTheColumn", {"-C", "3", "pairs"}, "", "pairs: no line has column 3"},
        MinistatBadInput{"EightSets",
                 {"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"},
                 "",
                 "ministat: at most 7 data sets, got 8 (see timeit ministat --help)"},
        MinistatBadInput{
            "EmptyDelimiter",
            {"-d", "", "ok"},
            "",
            "ministat: -d: expected at least one delimiter character, got '' (see timeit ministat "
            "--help)"},
        // ministat itself segfaults on -w 1.
        MinistatBadInput{
            "WidthOne",
            {"-w", "1", "ok"},
            "",
            "ministat: -w: expected a plot width from 2 to 1000000, got '1' (see timeit ministat "
            "--help)"},
        MinistatBadInput{
            "WidthNotANumber",
            {"-w", "x", "ok"},
            "",
            "ministat: -w: expected a plot width from 2 to 1000000, got 'x' (see timeit ministat "
            "--help)"},
        MinistatBadInput{"ConfidenceHundred",
                 {"-c", "100", "ok"},
                 "",
                 "ministat: -c: expected a confidence level between 0 and 100 (percent), got '100' "
                 "(see timeit ministat --help)"},
        MinistatBadInput{"ConfidenceZero",
                 {"-c0", "ok"},
                 "",
                 "ministat: -c: expected a confidence level between 0 and 100 (percent), got '0' "
                 "(see timeit ministat --help)"},
        MinistatBadInput{
            "ColumnZero",
            {"-C", "0", "ok"},
            "",
            "ministat: -C: expected a column number from 1 up, got '0' (see timeit ministat --help)"},
        MinistatBadInput{"UnknownOption",
                 {"-x", "ok"},
                 "",
                 "ministat: unknown option -x (see timeit ministat --help)"},
        MinistatBadInput{"OptionWithoutValue",
                 {"ok", "-w"},
                 "",
                 "ministat: -w needs a value (see timeit ministat --help)"}),
    [](const ::testing::TestParamInfo<MinistatBadInput>& p) { return p.param.name; });

/// Runs `argv` on a pseudo-terminal `columns` wide, with COLUMNS set to
/// `columns_env` (unset when empty), and returns what it printed.
std::string RunOnTerminal(std::vector<std::string> argv, unsigned short columns,
                          const std::string& columns_env) {
  winsize size{};
  size.ws_row = 50;
  size.ws_col = columns;
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, nullptr, &size);
  if (pid < 0) return "forkpty failed";
  if (pid == 0) {
    if (columns_env.empty()) {
      unsetenv("COLUMNS");
    } else {
      setenv("COLUMNS", columns_env.c_str(), 1);
    }
    std::vector<char*> args;
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  std::string out;
  char buffer[4096];
  for (ssize_t n; (n = read(master, buffer, sizeof buffer)) > 0;) out.append(buffer, n);
  close(master);
  waitpid(pid, nullptr, 0);
  out.erase(std::remove(out.begin(), out.end(), '\r'), out.end());  // the tty's ONLCR
  return out;
}

/// The first plot line's width, frame included.
std::size_t PlotWidth(const std::string& out) {
  const std::size_t start = out.find("\n+") + 1;
  return out.find('\n', start) - start;
}

TEST(MinistatCliTest, TerminalWidthFromColumnsOrTheTerminal) {
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "a pseudo-terminal child cannot run through the emulator";
#endif
  TempDir dir;
  const std::string file = dir.Write("a", "1\n2\n3\n").string();
  // Standard output is a terminal 60 wide: ministat uses 60 - 2.
  EXPECT_EQ(PlotWidth(RunOnTerminal({TIMEIT_BINARY, "ministat", file}, 60, "")), 58u + 2);
  // $COLUMNS wins over the terminal, and counts the plot only.
  EXPECT_EQ(PlotWidth(RunOnTerminal({TIMEIT_BINARY, "ministat", file}, 60, "30")), 30u + 2);
  // -w wins over both.
  EXPECT_EQ(PlotWidth(RunOnTerminal({TIMEIT_BINARY, "ministat", "-w", "20", file}, 60, "30")),
            20u + 2);
  // Not a terminal: 74, whatever COLUMNS says.
  EXPECT_EQ(PlotWidth(RunTimeit({"ministat", file}).out), 74u + 2);
  if (access("/usr/bin/ministat", X_OK) == 0) {
    EXPECT_EQ(RunOnTerminal({TIMEIT_BINARY, "ministat", file}, 60, ""),
              RunOnTerminal({"/usr/bin/ministat", file}, 60, ""));
    EXPECT_EQ(RunOnTerminal({TIMEIT_BINARY, "ministat", file}, 60, "41"),
              RunOnTerminal({"/usr/bin/ministat", file}, 60, "41"));
  }
  // A terminal too narrow for a plot is bad input, not a crash.
  EXPECT_NE(RunOnTerminal({TIMEIT_BINARY, "ministat", file}, 60, "1").find("pass -w WIDTH"),
            std::string::npos);
}

}  // namespace
}  // namespace timeit::testing
