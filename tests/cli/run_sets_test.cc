// Sets of one series besides --config: several commands (--command
// NAME=CMD) and a parameter's values (--parameter-scan, --parameter-list),
// run interleaved into one CSV and compared at the end; hyperfine's -L and
// -P name the same commands; what is refused, and the hints for habits
// brought from hyperfine and perf.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

using Cells = std::vector<std::string>;

std::string OneLine(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

TEST(RunSetsTest, CommandsRunInterleavedIntoOneCsvAndAreCompared) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "3", "-w", "1", "--no-counters", "-o", "ab.csv", "--command",
                 "fast=echo fast >> order", "--command", "slow=echo slow >> order; sleep 0.01"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(OneLine(ReadFile(dir.path() / "order")), "fast slow fast slow fast slow fast slow ");
  const RunsTable t = ReadRuns(dir.path() / "ab.csv");
  EXPECT_EQ(ColumnOf(t, "label"),
            (Cells{"fast", "slow", "fast", "slow", "fast", "slow", "fast", "slow"}));
  EXPECT_EQ(ColumnOf(t, "run"), (Cells{"1", "1", "2", "2", "3", "3", "4", "4"}));
  EXPECT_EQ(ColumnOf(t, "warmup"), (Cells{"1", "1", "0", "0", "0", "0", "0", "0"}));
  // Each set records its own command; the rows started in the order written.
  EXPECT_EQ(ColumnOf(t, "command")[0], "echo fast >> order");
  EXPECT_EQ(ColumnOf(t, "command")[1], "echo slow >> order; sleep 0.01");
  const Cells starts = ColumnOf(t, "start");
  EXPECT_TRUE(std::is_sorted(starts.begin(), starts.end()))
      << OneLine(ReadFile(dir.path() / "ab.csv"));
  EXPECT_NE(r.err.find("timeit: recording runs in ab.csv (label fast, slow)\n"), std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("x fast.real (s)\n+ slow.real (s)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Summary against fast "), std::string::npos) << r.out;
}

TEST(RunSetsTest, RandomOrderOfCommandsIsSeededAndBalanced) {
  TempDir dir;
  const auto run = [&dir](const char* seed) {
    std::filesystem::remove(dir.path() / "order");
    std::filesystem::remove(dir.path() / "r.csv");
    const ProcessResult r =
        RunTimeit({"-q", "-n", "4", "-w", "0", "--no-counters", "-o", "r.csv", "--order", "random",
                   "--seed", seed, "--command", "A=echo A >> order", "--command",
                   "B=echo B >> order", "--command", "C=echo C >> order"},
                  "", dir.path());
    EXPECT_EQ(r.exit_status, 0) << r.err;
    const Cells labels = ColumnOf(ReadRuns(dir.path() / "r.csv"), "label");
    EXPECT_EQ(OneLine(ReadFile(dir.path() / "order")), [&labels] {
      std::string s;
      for (const std::string& l : labels) s += l + " ";
      return s;
    }()) << "the rows are in the order the commands ran";
    return labels;
  };
  const Cells first = run("42");
  EXPECT_EQ(first, run("42"));
  ASSERT_EQ(first.size(), 12u);
  for (std::size_t round = 0; round < 4; ++round) {
    Cells r(first.begin() + static_cast<long>(round * 3),
            first.begin() + static_cast<long>(round * 3 + 3));
    std::sort(r.begin(), r.end());
    EXPECT_EQ(r, (Cells{"A", "B", "C"}));
  }
}

// A CSV written with --order random says each set's place in the order
// given on its first row: timeit compare of the file takes them so (the
// first given the baseline), and prints what the series printed at its end,
// byte for byte; the same rows without those notes (a file of an earlier
// timeit) are taken in the order of their first rows, as before.
TEST(RunSetsTest, CompareOfARandomOrderCsvTakesTheSetsAsGiven) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "3", "-w", "0", "--no-counters", "-o", "r.csv", "--order", "random", "--seed", "2",
       "--command", "a=sleep 0.01", "--command", "b=sleep 0.02", "--command", "c=sleep 0.03"},
      "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable runs = ReadRuns(dir.path() / "r.csv");
  const Cells labels = ColumnOf(runs, "label");
  ASSERT_EQ(labels.size(), 9u);
  ASSERT_NE(labels.front(), "a") << "seed 2 runs another set first; the test needs it";
  const Cells notes = ColumnOf(runs, "notes");
  for (const auto& [label, place] :
       {std::pair<std::string, std::string>{"a", "1"}, {"b", "2"}, {"c", "3"}}) {
    const std::size_t first =
        static_cast<std::size_t>(std::find(labels.begin(), labels.end(), label) - labels.begin());
    EXPECT_NE(notes[first].find("set " + place + " of 3 in the order given"), std::string::npos)
        << label << ": " << notes[first];
  }

  const ProcessResult c = RunTimeit({"compare", "r.csv"}, "", dir.path());
  ASSERT_EQ(c.exit_status, 0) << c.err;
  EXPECT_EQ(c.out.rfind("x a.real (s)\n+ b.real (s)\n* c.real (s)\n", 0), 0u) << c.out;
  EXPECT_NE(c.out.find("Summary against a "), std::string::npos) << c.out;
  const std::size_t blocks = r.out.find("x a.real (s)\n");
  ASSERT_NE(blocks, std::string::npos) << r.out;
  EXPECT_EQ(r.out.substr(blocks), c.out);

  // Without the notes: the sets in the order of their first rows.
  std::string old = ReadFile(dir.path() / "r.csv");
  for (const char* place : {"1", "2", "3"}) {
    const std::string note = std::string("set ") + place + " of 3 in the order given";
    for (std::size_t at = old.find(note); at != std::string::npos; at = old.find(note))
      old.replace(at, note.size(), "a note");
  }
  TempDir before;
  before.Write("r.csv", old);
  const ProcessResult o = RunTimeit({"compare", "r.csv"}, "", before.path());
  ASSERT_EQ(o.exit_status, 0) << o.err;
  EXPECT_EQ(o.out.rfind("x " + labels.front() + ".real (s)\n", 0), 0u) << o.out;
}

TEST(RunSetsTest, ParameterScanIsASetPerValueWithItsTable) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "3", "-w", "0", "--no-counters", "-o", "scan.csv", "--parameter-scan", "n",
                 "1", "3", "--prepare", "echo p{n} >> order", "--cleanup", "echo c{n} >> order",
                 "--", "sh", "-c", "echo {n} >> order"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string round = "p1 1 c1 p2 2 c2 p3 3 c3 ";
  EXPECT_EQ(OneLine(ReadFile(dir.path() / "order")), round + round + round);
  const RunsTable t = ReadRuns(dir.path() / "scan.csv");
  EXPECT_EQ(ColumnOf(t, "label"),
            (Cells{"n=1", "n=2", "n=3", "n=1", "n=2", "n=3", "n=1", "n=2", "n=3"}));
  EXPECT_EQ(ColumnOf(t, "command")[2], "sh -c 'echo 3 >> order'");
  const std::size_t table =
      r.out.find("\nScan of n: each metric's mean +/- its 95% interval (Student's t)\nn ");
  ASSERT_NE(table, std::string::npos) << r.out;
  const std::string rows = r.out.substr(table);
  for (const char* value : {"\n1  ", "\n2  ", "\n3  "})
    EXPECT_NE(rows.find(value), std::string::npos) << rows;
  EXPECT_NE(rows.find("real (s)"), std::string::npos) << rows;

  // timeit compare finds the same scan in the file.
  const ProcessResult c = RunTimeit({"compare", "scan.csv"}, "", dir.path());
  ASSERT_EQ(c.exit_status, 0) << c.err;
  EXPECT_NE(c.out.find(rows.substr(0, rows.find("\n1  "))), std::string::npos) << c.out;
  // Labels that are no scan get no table.
  const ProcessResult ab = RunTimeit({"-q", "-n", "3", "-w", "0", "--no-counters", "-o", "ab.csv",
                                      "--command", "a=true", "--command", "b=true"},
                                     "", dir.path());
  EXPECT_EQ(ab.out.find("Scan of"), std::string::npos) << ab.out;
}

/// The commands hyperfine 1.15 runs for `args` ('{NAME}' in `command`), in order.
Cells HyperfineCommands(const TempDir& dir, const std::vector<std::string>& args,
                        const std::string& command) {
  std::vector<std::string> argv = {"hyperfine", "-N", "--runs", "2", "--export-json", "h.json"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(command);
  const ProcessResult h = RunProcess(argv, "", dir.path());
  EXPECT_EQ(h.exit_status, 0) << h.err;
  Cells commands;
  const nlohmann::json export_json = nlohmann::json::parse(ReadFile(dir.path() / "h.json"));
  for (const auto& result : export_json.at("results"))
    commands.push_back(result["command"].get<std::string>());
  return commands;
}

TEST(RunSetsTest, ParametersNameTheCommandsHyperfineRuns) {
  TempDir dir;
  const struct {
    std::vector<std::string> hyperfine, timeit;
  } cases[] = {
      {{"-L", "x", "a,bb,c"}, {"--parameter-list", "x", "a,bb,c"}},
      {{"-P", "x", "1", "4"}, {"--parameter-scan", "x", "1", "4"}},
      {{"-P", "x", "0", "1", "-D", "0.5"},
       {"--parameter-scan", "x", "0", "1", "--parameter-step-size", "0.5"}},
      {{"-P", "x", "1", "2", "-D", "0.25"},
       {"--parameter-scan", "x", "1", "2", "--parameter-step-size", "0.25"}},
  };
  for (const auto& c : cases) {
    const Cells expected = HyperfineCommands(dir, c.hyperfine, "true {x} x{x}");
    std::filesystem::remove(dir.path() / "p.csv");
    std::vector<std::string> args = {"-q", "-n", "1", "-w", "0", "--no-counters", "-o", "p.csv"};
    args.insert(args.end(), c.timeit.begin(), c.timeit.end());
    for (const char* w : {"--", "true", "{x}", "x{x}"}) args.push_back(w);
    const ProcessResult r = RunTimeit(args, "", dir.path());
    // One measured run a set is too few to compare: the runs are what counts here.
    ASSERT_TRUE(std::filesystem::exists(dir.path() / "p.csv")) << r.err;
    const RunsTable t = ReadRuns(dir.path() / "p.csv");
    EXPECT_EQ(ColumnOf(t, "command"), expected) << c.timeit[0];
    Cells labels;
    for (const std::string& command : expected) {
      const std::string value = command.substr(5, command.find(' ', 5) - 5);
      labels.push_back("x=" + value);
    }
    EXPECT_EQ(ColumnOf(t, "label"), labels);
  }
}

TEST(RunSetsTest, RefusalsAreOneLineAndNothingRuns) {
  TempDir dir;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--command", "a=touch ran", "--", "touch", "ran"},
       "timeit: --command gives the commands to measure: 'touch' after the options is one more "
       "(give it as --command NAME='...' too)\n"},
      {{"--command", "a=touch ran", "--command", "a=touch ran"},
       "timeit: --command: the name 'a' is given twice\n"},
      {{"--command", "a="},
       "timeit: --command: expected NAME='shell command', got 'a=' (see timeit --help)\n"},
      {{"--command", "a=touch ran", "--config", "b=true", "--config", "c=true"},
       "timeit: --config, --command and --parameter-scan/--parameter-list each make the sets of "
       "a series: give one of them\n"},
      {{"--command", "a=touch ran", "--shell"},
       "timeit: --command runs CMD through /bin/sh -c already: drop --shell\n"},
      {{"--command", "a=touch ran", "--command", "b=touch ran", "--label", "x"},
       "timeit: --label and --command: the sets' names are the labels\n"},
      {{"--parameter-scan", "n", "3", "1", "--", "touch", "ran{n}"},
       "timeit: --parameter-scan: MAX 1 is below MIN 3\n"},
      {{"--parameter-scan", "n", "1", "2", "--", "touch", "ran"},
       "timeit: --parameter-scan n: no {n} in the command, --prepare or --cleanup to put the "
       "values in\n"},
      {{"--parameter-scan", "n", "1", "x", "--", "touch", "ran{n}"},
       "timeit: --parameter-scan: expected MAX a number, got 'x'\n"},
      {{"--parameter-scan", "n", "1", "3", "--parameter-step-size", "0", "--", "touch", "ran{n}"},
       "timeit: --parameter-step-size: expected a number above 0, got '0'\n"},
      {{"--parameter-scan", "n", "1"},
       "timeit: option '--parameter-scan' needs 3 values, NAME MIN MAX (see timeit --help)\n"},
      {{"--parameter-list", "x", "a,,b", "--", "touch", "ran{x}"},
       "timeit: --parameter-list: expected values separated by single commas, none empty, got "
       "'a,,b'\n"},
      {{"--parameter-list", "x", "a,a", "--", "touch", "ran{x}"},
       "timeit: --parameter-list: the value 'a' is given twice\n"},
      {{"--parameter-list", "x y", "a,b", "--", "touch", "ran{x}"},
       "timeit: --parameter-list: expected a NAME of letters, digits, '_' and '-', got 'x y'\n"},
      {{"--parameter-scan", "x", "1", "2", "--parameter-scan", "n", "1", "4",
        "--parameter-step-size", "2", "--", "touch", "ran{x}{n}"},
       "timeit: --parameter-step-size goes with a single --parameter-scan: give the others' "
       "values with --parameter-list\n"},
      {{"--parameter-list", "x", "a,b", "--parameter-list", "x", "c,d", "--", "touch", "ran{x}"},
       "timeit: --parameter-list x: the parameter is given twice\n"},
      {{"--parameter-list", "x", "a,b", "--parameter-scan", "n", "1", "2", "--", "touch", "ran{x}"},
       "timeit: --parameter-scan n: no {n} in the command, --prepare or --cleanup to put the "
       "values in\n"},
      {{"--parameter-step-size", "2", "--", "touch", "ran"},
       "timeit: --parameter-step-size goes with --parameter-scan\n"},
      {{"--order", "random", "--", "touch", "ran"},
       "timeit: --order and --seed go with sets (--config, --command, --parameter-scan)\n"},
      // Habits from hyperfine and perf stat.
      {{"-r", "5", "touch", "ran"},
       "timeit: unrecognised option '-r'; the number of runs is -n/--runs here (hyperfine's and "
       "perf stat's -r) (see timeit --help)\n"},
      {{"-L", "x", "a,b", "touch", "ran"},
       "timeit: unrecognised option '-L'; --parameter-list NAME a,b,c is hyperfine's -L (see "
       "timeit --help)\n"},
      {{"-P", "x", "1", "3", "touch", "ran"},
       "timeit: unrecognised option '-P'; --parameter-scan NAME MIN MAX is hyperfine's -P (see "
       "timeit --help)\n"},
      {{"--export-markdown", "r.md", "touch", "ran"},
       "timeit: --fail-on, --threshold, --test, --compare-metrics and --export-markdown go with "
       "--baseline or sets (--config, --command, --parameter-scan)\n"},
      {{"--command-name", "a", "touch", "ran"},
       "timeit: unrecognised option '--command-name'; --command NAME=CMD names each command "
       "(hyperfine's -n) (see timeit --help)\n"},
  };
  for (const auto& [args, err] : cases) {
    std::vector<std::string> with_output = {"-o", "x.csv"};
    with_output.insert(with_output.end(), args.begin(), args.end());
    const ProcessResult r = RunTimeit(with_output, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << err;
    EXPECT_EQ(r.err, err);
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "x.csv")) << err;
    EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << err;
  }
}

// hyperfine runs 'sleep 0.1' through a shell; timeit looks for a program of
// that name, and the one line says --shell (exit 127, as any command not found).
TEST(RunSetsTest, AWholeCommandLineAsOneWordHintsAtShell) {
  TempDir dir;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"sleep 0.01"}, std::vector<std::string>{"sleep 0.01", "x"}}) {
    std::vector<std::string> with_output = {"-o", "x.csv", "--no-counters"};
    with_output.insert(with_output.end(), args.begin(), args.end());
    const ProcessResult r = RunTimeit(with_output, "", dir.path());
    EXPECT_EQ(r.exit_status, 127);
    EXPECT_EQ(r.err,
              "timeit: sleep 0.01: command not found (a whole command line in one word: --shell "
              "runs it through /bin/sh -c, as hyperfine does)\n");
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "x.csv"));
  }
  // A scan's set whose command is not found stops the series before any run.
  const ProcessResult s = RunTimeit(
      {"-o", "x.csv", "--parameter-list", "x", "a,b", "--", "no-such-program-{x}"}, "", dir.path());
  EXPECT_EQ(s.exit_status, 127);
  EXPECT_EQ(s.err, "timeit: no-such-program-a: command not found\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "x.csv"));
}

}  // namespace
}  // namespace timeit::testing
