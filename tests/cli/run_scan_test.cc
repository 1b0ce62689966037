// A parameter scan of more than ministat's 7 sets (up to 64 values): run
// interleaved into one CSV, read as its table (no ministat blocks, the
// summary the last value against the first) by the run mode and by
// timeit compare, charted in --html (checked against the CSV and scipy by
// check_compare_html.py); what is refused beyond 64, and beyond 7 for sets
// that are no scan.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

using Cells = std::vector<std::string>;

const std::string kScripts = TIMEIT_TEST_DATA_DIR;

/// The scan table in `out`: its title, header and a row per value.
std::string ScanTableOf(const std::string& out) {
  const std::size_t at = out.find("Scan of ");
  if (at == std::string::npos) return "";
  const std::size_t end = out.find("\n\n", at);
  return out.substr(at, end == std::string::npos ? std::string::npos : end + 1 - at);
}

Cells Lines(const std::string& text) {
  Cells lines;
  std::size_t start = 0;
  for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', start)) {
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

/// A results-like CSV of `labels`, three runs each, interleaved; `real`
/// grows with the label's place so that every set differs.
void WriteLabelsCsv(const std::filesystem::path& path, const Cells& labels) {
  std::ofstream f(path);
  f << "label,run,warmup,status,real\n";
  for (int run = 1; run <= 3; ++run)
    for (std::size_t i = 0; i < labels.size(); ++i)
      f << labels[i] << ',' << run << ",0,0," << 0.01 * static_cast<double>(i + 1) + 0.001 * run
        << '\n';
}

TEST(RunScanTest, TwelveValuesAreReadAsTheirTableAndCharted) {
  TempDir dir;
  const Cells values = {"1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "1024", "2048"};
  std::string list;
  for (const std::string& v : values) list += (list.empty() ? "" : ",") + v;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "0", "--no-counters", "-o", "scan.csv", "--parameter-list", "x",
                 list, "--", "sh", "-c", "echo {x} >> order"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  std::string round, labels_text;
  Cells labels;
  for (const std::string& v : values) round += v + "\n", labels.push_back("x=" + v);
  EXPECT_EQ(ReadFile(dir.path() / "order"), round + round);
  Cells twice = labels;
  twice.insert(twice.end(), labels.begin(), labels.end());
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "scan.csv"), "label"), twice);

  // No blocks, one line saying why; the summary is the last value against the first.
  EXPECT_NE(r.out.find("No ministat blocks: ministat plots 7 sets at most, and these are 12; the "
                       "scan table below has every value's mean, the summary x=2048 against "
                       "x=1\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("    N           Min"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Summary against x=1 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("x=2048 mean"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("x=2 "), std::string::npos) << r.out;

  const std::string table = ScanTableOf(r.out);
  const Cells lines = Lines(table);
  ASSERT_EQ(lines.size(), 2 + values.size()) << r.out;
  EXPECT_EQ(lines[0], "Scan of x: each metric's mean +/- its 95% interval (Student's t)");
  EXPECT_EQ(lines[1].substr(0, 2), "x ");
  EXPECT_NE(lines[1].find("real (s)"), std::string::npos) << table;
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_EQ(lines[2 + i].substr(0, values[i].size() + 1), values[i] + " ") << table;

  // timeit compare of the file: the same table, the same line.
  const ProcessResult c =
      RunTimeit({"compare", "--html", "report.html", "scan.csv"}, "", dir.path());
  ASSERT_EQ(c.exit_status, 0) << c.err;
  EXPECT_EQ(ScanTableOf(c.out), table) << c.out;
  EXPECT_NE(c.out.find("No ministat blocks: ministat plots 7 sets at most, and these are 12;"),
            std::string::npos)
      << c.out;

  // A chart per metric of the table, a point per value, each against the CSV.
  const std::string html = ReadFile(dir.path() / "report.html");
  const std::size_t metrics = Count(lines[2], "+/-");
  EXPECT_GE(metrics, 3u) << table;  // real, user, sys at least
  EXPECT_EQ(Count(html, "class=\"chart scan\""), metrics) << html;
  EXPECT_EQ(Count(html, "<g class=\"point\""), metrics * values.size());
  EXPECT_NE(html.find("<h2>Scan of x</h2>"), std::string::npos);
  EXPECT_NE(html.find("data-metric=\"real\" data-parameter=\"x\" data-numeric=\"1\""),
            std::string::npos);
  for (const std::string& v : values)
    EXPECT_NE(html.find("<g class=\"point\" data-value=\"" + v + "\""), std::string::npos) << v;
  const ProcessResult check = RunProcess(
      {"/usr/bin/python3", kScripts + "/check_compare_html.py", "report.html", "scan.csv"}, "",
      dir.path());
  EXPECT_EQ(check.exit_status, 0) << check.out << check.err;
}

// --order random runs each round's values shuffled; the comparison at the end
// still takes them as given: the first the baseline, the table in order.
TEST(RunScanTest, RandomOrderComparesTheValuesAsGiven) {
  TempDir dir;
  const Cells values = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "0", "--no-counters", "-o", "r.csv", "--order", "random",
                 "--seed", "7", "--parameter-list", "x", "1,2,3,4,5,6,7,8,9", "--", "true", "{x}"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const Cells labels = ColumnOf(ReadRuns(dir.path() / "r.csv"), "label");
  ASSERT_EQ(labels.size(), 18u);
  Cells first_round(labels.begin(), labels.begin() + 9);
  ASSERT_NE(first_round.front(), "x=1") << "seed 7 shuffles the first round; the test needs it";
  EXPECT_NE(r.out.find("Summary against x=1 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the summary x=9 against x=1\n"), std::string::npos) << r.out;
  const Cells lines = Lines(ScanTableOf(r.out));
  ASSERT_EQ(lines.size(), 2 + values.size()) << r.out;
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_EQ(lines[2 + i].substr(0, 2), values[i] + " ") << r.out;
}

TEST(RunScanTest, WordsAreChartedEvenlySpacedInTheirOrder) {
  TempDir dir;
  const Cells labels = {"buf=tiny", "buf=small", "buf=8k",  "buf=medium", "buf=large",
                        "buf=huge", "buf=vast",  "buf=max", "buf=over"};
  WriteLabelsCsv(dir.path() / "words.csv", labels);
  const ProcessResult c =
      RunTimeit({"compare", "--html", "words.html", "words.csv"}, "", dir.path());
  ASSERT_EQ(c.exit_status, 0) << c.err;
  EXPECT_EQ(Lines(ScanTableOf(c.out)).size(), 2 + labels.size()) << c.out;
  const std::string html = ReadFile(dir.path() / "words.html");
  EXPECT_NE(html.find("data-metric=\"real\" data-parameter=\"buf\" data-numeric=\"0\""),
            std::string::npos);
  EXPECT_EQ(Count(html, "<g class=\"point\""), labels.size());
  const ProcessResult check = RunProcess(
      {"/usr/bin/python3", kScripts + "/check_compare_html.py", "words.html", "words.csv"}, "",
      dir.path());
  EXPECT_EQ(check.exit_status, 0) << check.out << check.err;
}

// Two parameters (hyperfine's -L twice): a set per combination, labelled
// a=1,b=x, the last parameter changing fastest, {a} and {b} replaced in the
// command, --prepare and --cleanup; one round after another, interleaved in
// that order (the rows' start times); compare's scan table has a column per
// parameter and its chart a line per value of b.
TEST(RunScanTest, TwoParametersAreASetPerCombination) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n",
                                     "2",
                                     "-w",
                                     "0",
                                     "--no-counters",
                                     "-o",
                                     "ab.csv",
                                     "--parameter-list",
                                     "a",
                                     "1,2",
                                     "--parameter-list",
                                     "b",
                                     "x,y",
                                     "--prepare",
                                     "echo p{a}{b} >> order",
                                     "--cleanup",
                                     "echo c{a}{b} >> order",
                                     "--",
                                     "sh",
                                     "-c",
                                     "echo {a}{b} >> order"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const Cells combinations = {"1x", "1y", "2x", "2y"};
  std::string round;
  for (const std::string& c : combinations) round += "p" + c + "\n" + c + "\n" + "c" + c + "\n";
  EXPECT_EQ(ReadFile(dir.path() / "order"), round + round);
  const RunsTable runs = ReadRuns(dir.path() / "ab.csv");
  const Cells labels = {"a=1,b=x", "a=1,b=y", "a=2,b=x", "a=2,b=y"};
  Cells twice = labels;
  twice.insert(twice.end(), labels.begin(), labels.end());
  EXPECT_EQ(ColumnOf(runs, "label"), twice);
  // Interleaved: ordered by their start times, the rows are the rounds' order.
  std::vector<std::pair<std::string, std::string>> started;
  const Cells starts = ColumnOf(runs, "start");
  for (std::size_t i = 0; i < starts.size(); ++i) started.emplace_back(starts[i], twice[i]);
  std::stable_sort(started.begin(), started.end());
  for (std::size_t i = 0; i < started.size(); ++i) EXPECT_EQ(started[i].second, twice[i]) << i;
  EXPECT_EQ(
      ColumnOf(runs, "command"),
      Cells({"sh -c 'echo 1x >> order'", "sh -c 'echo 1y >> order'", "sh -c 'echo 2x >> order'",
             "sh -c 'echo 2y >> order'", "sh -c 'echo 1x >> order'", "sh -c 'echo 1y >> order'",
             "sh -c 'echo 2x >> order'", "sh -c 'echo 2y >> order'"}));

  const std::string table = ScanTableOf(r.out);
  const Cells lines = Lines(table);
  ASSERT_EQ(lines.size(), 2u + labels.size()) << r.out;
  EXPECT_EQ(lines[0], "Scan of a, b: each metric's mean +/- its 95% interval (Student's t)");
  EXPECT_EQ(lines[1].substr(0, 5), "a  b ") << table;
  for (std::size_t i = 0; i < combinations.size(); ++i)
    EXPECT_EQ(lines[2 + i].substr(0, 5),
              combinations[i].substr(0, 1) + "  " + combinations[i].substr(1) + " ")
        << table;

  // timeit compare of the file: the same table; a chart per metric, a line
  // per value of b over the values of a.
  const ProcessResult c = RunTimeit({"compare", "--html", "ab.html", "ab.csv"}, "", dir.path());
  ASSERT_EQ(c.exit_status, 0) << c.err;
  EXPECT_EQ(ScanTableOf(c.out), table) << c.out;
  const std::string html = ReadFile(dir.path() / "ab.html");
  const std::size_t metrics = Count(html, "class=\"chart scan\"");
  EXPECT_EQ(Count(lines[2], "+/-"), metrics) << table;
  EXPECT_NE(html.find("<h2>Scan of a, b</h2>"), std::string::npos);
  EXPECT_EQ(Count(html, "data-line=\"b=x\""), metrics);
  EXPECT_EQ(Count(html, "data-line=\"b=y\""), metrics);
  EXPECT_EQ(Count(html, "<g class=\"point\""), metrics * labels.size());
  EXPECT_NE(html.find("data-metric=\"real\" data-parameter=\"a,b\" data-numeric=\"1\""),
            std::string::npos);
  for (const char* v : {"1,x", "1,y", "2,x", "2,y"})
    EXPECT_NE(html.find(std::string("<g class=\"point\" data-value=\"") + v + "\""),
              std::string::npos)
        << v;
  // Each point is its set's mean and scipy's interval, placed by its value of a.
  const ProcessResult check = RunProcess(
      {"/usr/bin/python3", kScripts + "/check_compare_html.py", "ab.html", "ab.csv"}, "",
      dir.path());
  EXPECT_EQ(check.exit_status, 0) << check.out << check.err;
}

TEST(RunScanTest, BeyondTheLimitsIsOneLineAndNothingRuns) {
  TempDir dir;
  std::string list;
  for (int v = 1; v <= 65; ++v) list += (v == 1 ? "" : ",") + std::to_string(v);
  const std::vector<std::pair<Cells, std::string>> cases = {
      {{"--parameter-scan", "n", "1", "65", "--", "touch", "ran{n}"},
       "timeit: --parameter-scan n: more than 64 values; compare takes a scan of 64 at most "
       "(split a longer one into series over parts of its range)\n"},
      {{"--parameter-list", "n", list, "--", "touch", "ran{n}"},
       "timeit: --parameter-list n: more than 64 values; compare takes a scan of 64 at most "
       "(split a longer one into series over parts of its range)\n"},
      // The cap holds over the product of several parameters: 9 × 8 = 72.
      {{"--parameter-scan", "a", "1", "9", "--parameter-scan", "b", "1", "8", "--", "touch",
        "ran{a}{b}"},
       "timeit: --parameter-scan b: more than 64 combinations of values; compare takes a scan of "
       "64 at most (split a longer one into series over parts of its range)\n"},
  };
  for (const auto& [args, err] : cases) {
    Cells with_output = {"-o", "x.csv"};
    with_output.insert(with_output.end(), args.begin(), args.end());
    const ProcessResult r = RunTimeit(with_output, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << err;
    EXPECT_EQ(r.err, err);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << err;
  }

  // compare: 65 values of a scan, 8 sets that are no scan, a scan broken by its 9th set.
  TempDir files;
  Cells scan65;
  for (int v = 1; v <= 65; ++v) scan65.push_back("n=" + std::to_string(v));
  WriteLabelsCsv(files.path() / "scan65.csv", scan65);
  Cells eight = {"a", "b", "c", "d", "e", "f", "g", "h"};
  WriteLabelsCsv(files.path() / "eight.csv", eight);
  Cells broken(scan65.begin(), scan65.begin() + 8);
  broken.push_back("other");
  WriteLabelsCsv(files.path() / "broken.csv", broken);
  const std::vector<std::pair<std::string, std::string>> compares = {
      {"scan65.csv",
       "timeit: scan65.csv:66: set 65 ('n=65'): a parameter scan takes at most 64 values\n"},
      {"eight.csv",
       "timeit: eight.csv:9: an 8th set ('h'): compare takes at most 7, as ministat has 7 "
       "symbols\n"},
      {"broken.csv",
       "timeit: broken.csv:10: set 9 ('other') after 8 values of n: compare takes at most 7 "
       "sets, or up to 64 values of one parameter scan (labels NAME=VALUE)\n"},
  };
  for (const auto& [file, err] : compares) {
    const ProcessResult r = RunTimeit({"compare", file}, "", files.path());
    EXPECT_EQ(r.exit_status, 2) << file;
    EXPECT_EQ(r.err, err);
    EXPECT_EQ(r.out, "");
  }
  // 64 values are a scan compare reads.
  scan65.pop_back();
  WriteLabelsCsv(files.path() / "scan64.csv", scan65);
  const ProcessResult r64 = RunTimeit({"compare", "scan64.csv"}, "", files.path());
  EXPECT_EQ(r64.exit_status, 0) << r64.err;
  EXPECT_EQ(Lines(ScanTableOf(r64.out)).size(), 2u + 64u) << r64.out;
}

}  // namespace
}  // namespace timeit::testing
