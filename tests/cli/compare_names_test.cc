// What compare shows and calls things (issue 42): --name renames a set in
// every report; hyperfine's wide commands become short names; the summary
// holds the times and the counters by default, the rest with --all-metrics;
// nothing is dropped or merged without a word; the Markdown export holds
// the summary's numbers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "tests/cli/run_timeit.h"
#include "tests/cli/summary_csv.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

/// Two sets with times, two counters (page-faults equal to minflt in every
/// run), resource usage and the cgroup's columns: a, and b slower.
void WriteNamedSets(const TempDir& dir) {
  const std::string h =
      "label,real,user,sys,maxrss,minflt,syscalls,page-faults,syscalls.running,"
      "page-faults.running,cgroup-user\n";
  dir.Write("a.csv", h + "a,1.00,0.50,0.20,900,50,300,50,1,1,500000\n" +
                         "a,1.02,0.51,0.21,910,52,300,52,1,1,510000\n" +
                         "a,1.01,0.52,0.19,905,51,300,51,1,1,520000\n" +
                         "a,1.03,0.50,0.20,915,53,300,53,1,1,500000\n");
  dir.Write("b.csv", h + "b,2.00,0.90,0.40,950,60,310,60,1,1,900000\n" +
                         "b,2.02,0.91,0.41,960,62,310,62,1,1,910000\n" +
                         "b,2.01,0.92,0.39,955,61,310,61,1,1,920000\n" +
                         "b,2.03,0.90,0.40,965,63,310,63,1,1,900000\n");
}

std::set<std::string> MetricsOf(const std::string& csv) {
  std::set<std::string> metrics;
  for (const auto& row : SummaryRows(csv)) metrics.insert(row.at("metric"));
  return metrics;
}

TEST(CompareNamesTest, ARenameShowsInTheTextCsvJsonAndHtml) {
  TempDir dir;
  WriteNamedSets(dir);
  const ProcessResult r =
      RunTimeit({"compare", "--name", "a=before", "-l", "b=after", "--csv", "s.csv", "--json",
                 "s.json", "--html", "s.html", "a.csv", "b.csv"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("x before.real (s)\n+ after.real (s)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Summary against before ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("before mean  after mean"), std::string::npos) << r.out;
  const auto row = SummaryRow(ReadFile(dir.path() / "s.csv"), "real", "after");
  EXPECT_EQ(row.at("baseline"), "before");
  const nlohmann::json json = nlohmann::json::parse(ReadFile(dir.path() / "s.json"));
  EXPECT_EQ(json["results"][0]["command"], "before");
  EXPECT_EQ(json["results"][1]["command"], "after");
  const std::string html = ReadFile(dir.path() / "s.html");
  EXPECT_NE(html.find("<b>before</b>"), std::string::npos);
  EXPECT_NE(html.find("<b>after</b>"), std::string::npos);
  EXPECT_EQ(html.find("<b>a</b>"), std::string::npos);
}

// A scan's sets hold a '=' of their own: OLD=NEW splits where OLD is a set.
TEST(CompareNamesTest, AScansSetIsRenamedThoughItsNameHoldsAnEqualsSign) {
  TempDir dir;
  const ProcessResult run =
      RunTimeit({"-q", "-n", "3", "-w", "0", "--no-counters", "-o", "scan.csv", "--parameter-list",
                 "n", "1,2", "--", "true", "{n}"},
                "", dir.path());
  ASSERT_EQ(run.exit_status, 0) << run.err;
  const ProcessResult r =
      RunTimeit({"compare", "-m", "real", "--name", "n=1=one", "--name", "n=2=two", "scan.csv"}, "",
                dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Summary against one ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("one mean  two mean"), std::string::npos) << r.out;
}

TEST(CompareNamesTest, ANameOfNoSetIsOneLineExit2AndNothingWritten) {
  TempDir dir;
  WriteNamedSets(dir);
  for (const std::vector<std::string>& names :
       {std::vector<std::string>{"--name", "c=new"}, {"-l", "a=b"}, {"--name", "a="}}) {
    std::vector<std::string> args = {"compare", "--csv", "s.csv"};
    args.insert(args.end(), names.begin(), names.end());
    args.insert(args.end(), {"a.csv", "b.csv"});
    const ProcessResult r = RunTimeit(args, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << names[1] << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "s.csv"));
  }
  const ProcessResult r =
      RunTimeit({"compare", "--name", "c=new", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(r.err, "timeit: compare: --name c=new: no set 'c'; there are: 'a', 'b'\n");
}

// hyperfine itself writes the JSON: two commands wider than a column, which
// differ in one word, are named by it; -v gives each whole command, and the
// whole command renames a set too.
TEST(CompareNamesTest, HyperfinesWideCommandsGetShortNames) {
  if (RunProcess({"sh", "-c", "command -v hyperfine"}).exit_status != 0)
    GTEST_SKIP() << "hyperfine is not installed";
  TempDir dir;
  const std::string pad = "sleep 0.001 && echo padding-to-make-this-command-wide ";
  const ProcessResult h = RunProcess({"hyperfine", "-r", "3", "-w", "0", "--style", "none",
                                      "--export-json", "h.json", pad + "fast", pad + "slow"},
                                     "", dir.path());
  ASSERT_EQ(h.exit_status, 0) << h.err;
  const ProcessResult r = RunTimeit({"compare", "-v", "--csv", "-", "h.json"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(SummaryRow(r.out, "real", "slow").at("baseline"), "fast");
  EXPECT_NE(r.err.find("timeit: set fast: " + pad + "fast\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("timeit: set slow: " + pad + "slow\n"), std::string::npos) << r.err;
  const ProcessResult renamed =
      RunTimeit({"compare", "--csv", "-", "--name", pad + "slow=later", "h.json"}, "", dir.path());
  ASSERT_EQ(renamed.exit_status, 0) << renamed.err;
  EXPECT_EQ(SummaryRow(renamed.out, "real", "later").at("baseline"), "fast");
}

TEST(CompareNamesTest, HyperfinesCsvExportIsRefusedWithAPointerToItsJson) {
  if (RunProcess({"sh", "-c", "command -v hyperfine"}).exit_status != 0)
    GTEST_SKIP() << "hyperfine is not installed";
  TempDir dir;
  const ProcessResult h =
      RunProcess({"hyperfine", "-N", "-r", "3", "-w", "0", "--style", "none", "--export-csv",
                  "h.csv", "-L", "t", "0.001,0.002", "sleep {t}"},
                 "", dir.path());
  ASSERT_EQ(h.exit_status, 0) << h.err;
  ASSERT_EQ(ReadFile(dir.path() / "h.csv")
                .rfind("command,mean,stddev,median,user,system,min,max,"
                       "parameter_t\n",
                       0),
            0u);
  WriteNamedSets(dir);
  const ProcessResult r =
      RunTimeit({"compare", "--csv", "s.csv", "a.csv", "h.csv"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err,
            "timeit: h.csv:1: hyperfine's --export-csv holds one summary row per command, not its "
            "runs: export with --export-json and compare that file\n");
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "s.csv"));
}

// By default: the times and the counters, page-faults with minflt (equal in
// every run) named beside it; maxrss and cgroup-user with --all-metrics.
TEST(CompareNamesTest, TheSummaryShowsTimesAndCountersByDefault) {
  TempDir dir;
  WriteNamedSets(dir);
  const ProcessResult r = RunTimeit({"compare", "--csv", "-", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(MetricsOf(r.out),
            (std::set<std::string>{"real", "user", "sys", "syscalls", "page-faults", "minflt"}));
  EXPECT_NE(r.err.find("page-faults=minflt"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("maxrss"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("cgroup-user"), std::string::npos) << r.err;
  const ProcessResult all =
      RunTimeit({"compare", "--all-metrics", "--csv", "-", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(all.exit_status, 0) << all.err;
  EXPECT_EQ(MetricsOf(all.out),
            (std::set<std::string>{"real", "user", "sys", "syscalls", "page-faults", "minflt",
                                   "maxrss", "cgroup-user"}));
  EXPECT_NE(all.err.find("x a.maxrss (KiB)\n"), std::string::npos) << all.err;
  const ProcessResult verbose =
      RunTimeit({"compare", "-v", "-q", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_NE(verbose.err.find("timeit: shown with --all-metrics: maxrss, cgroup-user\n"),
            std::string::npos)
      << verbose.err;
}

TEST(CompareNamesTest, MetricsInOnlySomeSetsAreNamed) {
  TempDir dir;
  dir.Write("a.csv", "real,syscalls\n1.0,300\n1.1,301\n1.2,302\n");
  dir.Write("b.csv", "real\n2.0\n2.1\n2.2\n");
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err,
            "timeit: warning: metrics not in every set, compared where they are: syscalls: only "
            "in a\n");
  const ProcessResult m =
      RunTimeit({"compare", "-m", "syscalls", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(m.exit_status, 2);
  EXPECT_EQ(m.err,
            "timeit: compare: a.csv, b.csv: no metric has two or more values in both the baseline "
            "(a) and another set (syscalls: only in a)\n");
}

/// A Markdown cell's number: "6.001", "65.88M", "1.2K".
double MarkdownNumber(const std::string& cell) {
  std::size_t used = 0;
  const double v = std::stod(cell, &used);
  const std::string suffix = cell.substr(used);
  if (suffix == "K") return v * 1e3;
  if (suffix == "M") return v * 1e6;
  if (suffix == "G") return v * 1e9;
  EXPECT_EQ(suffix, "") << cell;
  return v;
}

// The Markdown table holds the summary's rows; its means are the --csv
// export's, the times in ms with --time-unit ms (to their 4 digits shown).
TEST(CompareNamesTest, TheMarkdownTableHoldsTheCsvExportsNumbers) {
  TempDir dir;
  WriteNamedSets(dir);
  const ProcessResult r = RunTimeit({"compare", "-q", "--time-unit", "ms", "--export-markdown",
                                     "s.md", "--csv", "s.csv", "a.csv", "b.csv"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> lines = TextLines(ReadFile(dir.path() / "s.md"));
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0].rfind("Summary against a (Welch's t at 95% confidence", 0), 0u) << lines[0];
  EXPECT_EQ(lines[2], "| metric | better | a mean | b mean | difference (95% CI) | verdict |");
  EXPECT_EQ(lines[3], "|:---|:---|---:|---:|---:|:---|");
  const auto csv = SummaryRows(ReadFile(dir.path() / "s.csv"));
  std::size_t rows = 0;
  for (std::size_t i = 4; i < lines.size(); ++i) {
    std::vector<std::string> cells;
    const std::regex cell("\\| ([^|]*) ");
    for (auto it = std::sregex_iterator(lines[i].begin(), lines[i].end(), cell);
         it != std::sregex_iterator(); ++it)
      cells.push_back((*it)[1]);
    ASSERT_EQ(cells.size(), 6u) << lines[i];
    const std::string metric = cells[0].substr(0, cells[0].find_first_of(" ="));
    const bool time = cells[0].ends_with(" (ms)");
    for (const auto& row : csv) {
      if (row.at("metric") != metric) continue;
      ++rows;
      EXPECT_EQ(row.at("unit"), time ? "s" : "") << lines[i];
      const double scale = time ? 1e3 : 1;
      for (const auto& [md, column] : {std::pair{2, "mean_baseline"}, std::pair{3, "mean"}}) {
        const double expected = std::stod(row.at(column)) * scale;
        EXPECT_NEAR(MarkdownNumber(cells[static_cast<std::size_t>(md)]), expected,
                    5e-4 * std::fabs(expected))
            << lines[i];
      }
      EXPECT_EQ(cells[5].rfind(row.at("verdict") == "same" ? "same" : row.at("verdict"), 0), 0u)
          << lines[i];
    }
  }
  EXPECT_EQ(rows, 5u) << "real, user, sys, syscalls, page-faults=minflt";
}

// The run mode's comparison writes the same table through the same writer.
TEST(CompareNamesTest, TheRunModesComparisonExportsMarkdownToo) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-q", "-n", "3", "-w", "0", "--no-counters", "--config", "A=true", "--config",
                 "B=true", "--export-markdown", "s.md", "-o", "s.csv", "--", "true"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> lines = TextLines(ReadFile(dir.path() / "s.md"));
  ASSERT_GE(lines.size(), 5u);
  EXPECT_EQ(lines[0].rfind("Summary against A (", 0), 0u) << lines[0];
  EXPECT_EQ(lines[2], "| metric | better | A mean | B mean | difference (95% CI) | verdict |");
  EXPECT_EQ(lines[4].rfind("| real (s) | lower | ", 0), 0u) << lines[4];
  const ProcessResult alone = RunTimeit(
      {"-q", "-n", "1", "--export-markdown", "t.md", "-o", "t.csv", "true"}, "", dir.path());
  EXPECT_EQ(alone.exit_status, 2);
  EXPECT_EQ(std::count(alone.err.begin(), alone.err.end(), '\n'), 1) << alone.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "t.csv"));
}

// A series of another command is not merged into a label's runs in silence.
TEST(CompareNamesTest, AppendingAnotherCommandIsRefusedBeforeTheFirstRun) {
  TempDir dir;
  const std::vector<std::string> series = {"-q", "-n",    "2", "-w", "0", "--no-counters",
                                           "-o", "ap.csv"};
  const auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = series;
    args.insert(args.end(), extra.begin(), extra.end());
    return RunTimeit(args, "", dir.path());
  };
  ASSERT_EQ(run({"--", "sleep", "0.01"}).exit_status, 0);
  const std::string before = ReadFile(dir.path() / "ap.csv");
  const ProcessResult refused = run({"--", "true"});
  EXPECT_EQ(refused.exit_status, 2);
  EXPECT_EQ(refused.err,
            "timeit: ap.csv: its runs labelled 'ap' ran 'sleep 0.01', this series runs 'true': "
            "give it a set of its own with --label NAME, or --append-any to add it to 'ap' all "
            "the same\n");
  EXPECT_EQ(ReadFile(dir.path() / "ap.csv"), before) << "nothing written";
  EXPECT_EQ(run({"--label", "t", "--", "true"}).exit_status, 0);
  EXPECT_EQ(run({"--append-any", "--", "true"}).exit_status, 0);
  EXPECT_EQ(run({"--", "sleep", "0.01"}).exit_status, 0) << "the label's own command";
  const ProcessResult compared = RunTimeit({"compare", "--csv", "-", "ap.csv"}, "", dir.path());
  ASSERT_EQ(compared.exit_status, 0) << compared.err;
  EXPECT_EQ(SummaryRow(compared.out, "real", "t").at("n"), "2");
  EXPECT_EQ(SummaryRow(compared.out, "real", "t").at("n_baseline"), "6");
}

// An output file the user may not write is the user's input: exit 2, as
// a bad option, for the results CSV and for an export.
TEST(CompareNamesTest, AnOutputFileWithoutPermissionIsExit2) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to run as uid nobody";
  TempDir dir;
  ::chmod(dir.path().c_str(), 0755);  // root's: nobody may not create files in it
  WriteNamedSets(dir);
  ::chmod((dir.path() / "a.csv").c_str(), 0644);
  ::chmod((dir.path() / "b.csv").c_str(), 0644);
  const std::vector<std::string> as_nobody = {"setpriv", "--reuid=65534", "--regid=65534",
                                              "--clear-groups", TIMEIT_BINARY};
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"-q", "-n", "1", "-o", "a.csv", "true"},
           {"compare", "--export-markdown", "s.md", "a.csv", "b.csv"},
           {"compare", "--html", "s.html", "a.csv", "b.csv"}}) {
    std::vector<std::string> argv = as_nobody;
    argv.insert(argv.end(), args.begin(), args.end());
    const ProcessResult r = RunProcess(argv, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << args[args.size() - 3] << ": " << r.err;
    EXPECT_NE(r.err.find("Permission denied"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace timeit::testing
