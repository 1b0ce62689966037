// timeit compare as a user runs it, on hand-made CSVs: the exact report, each
// metric block against Debian's ministat on the same column, labels from
// file stems and from a label column, mixed headers, missing metrics, the
// summary CSV, warnings and bad input; then --baseline and --config.
#include <gtest/gtest.h>
#include <unistd.h>

#include <sstream>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

const std::string kRunsHeader =
    "label,run,warmup,start,status,real,user,sys,notes,host,kernel_release,kernel_version,"
    "cpu_model,platform,timeit_version,command\n";

/// A row of our format; `kernel` and `cpu` vary the metadata.
std::string Row(const std::string& label, int run, bool warmup, const std::string& status,
                const std::string& real, const std::string& user, const std::string& sys,
                const std::string& kernel = "6.1.0", const std::string& cpu = "cpu") {
  std::ostringstream s;
  s << label << ',' << run << ',' << (warmup ? 1 : 0) << ",2026-11-29T10:00:00.000Z," << status
    << ',' << real << ',' << user << ',' << sys << ",,h," << kernel << ",#1 SMP," << cpu
    << ",unknown,0.1,make\n";
  return s.str();
}

/// Two series of 5 measured runs (odd N, well-conditioned: where Debian's
/// ministat and the current rules agree), each after a warm-up run that
/// compare must leave out.
void WriteIsyncPair(const TempDir& dir) {
  dir.Write("isync.csv", kRunsHeader + Row("isync", 1, true, "0", "12.0", "9.0", "3.9") +
                             Row("isync", 2, false, "0", "10.1", "7.00", "3.1") +
                             Row("isync", 3, false, "0", "10.4", "7.10", "3.3") +
                             Row("isync", 4, false, "0", "10.2", "7.05", "2.9") +
                             Row("isync", 5, false, "0", "10.3", "7.15", "3.0") +
                             Row("isync", 6, false, "0", "10.0", "7.20", "3.2"));
  dir.Write("no_isync.csv", kRunsHeader + Row("no_isync", 1, true, "0", "12.0", "9.0", "3.9") +
                                Row("no_isync", 2, false, "0", "10.05", "7.02", "2.8") +
                                Row("no_isync", 3, false, "0", "10.15", "7.12", "2.7") +
                                Row("no_isync", 4, false, "0", "10.35", "7.07", "2.9") +
                                Row("no_isync", 5, false, "0", "10.25", "7.17", "2.6") +
                                Row("no_isync", 6, false, "0", "9.95", "7.22", "2.75"));
}

const char* const kIsyncReport =
    "x isync.real (s)\n"
    "+ no_isync.real (s)\n"
    "+--------------------------------------------------------------------------+\n"
    "|+       x       +       x       +        x       +       x       +       x|\n"
    "|       |_______|________________A________A________________|_______|       |\n"
    "+--------------------------------------------------------------------------+\n"
    "    N           Min           Max        Median           Avg        Stddev\n"
    "x   5            10          10.4          10.2          10.2    0.15811388\n"
    "+   5          9.95         10.35         10.15         10.15    0.15811388\n"
    "No difference proven at 95.0% confidence\n"
    "\n"
    "x isync.user (s)\n"
    "+ no_isync.user (s)\n"
    "+--------------------------------------------------------------------------+\n"
    "|x      +         x     +         x      +         x     +         x      +|\n"
    "|       |______|__________________A______A__________________|______|       |\n"
    "+--------------------------------------------------------------------------+\n"
    "    N           Min           Max        Median           Avg        Stddev\n"
    "x   5             7           7.2           7.1           7.1   0.079056942\n"
    "+   5          7.02          7.22          7.12          7.12   0.079056942\n"
    "No difference proven at 95.0% confidence\n"
    "\n"
    "x isync.sys (s)\n"
    "+ no_isync.sys (s)\n"
    "+--------------------------------------------------------------------------+\n"
    "|+         +     +    +         *          x         x          x         x|\n"
    "|    |___________A__________|        |_______________A________________|    |\n"
    "+--------------------------------------------------------------------------+\n"
    "    N           Min           Max        Median           Avg        Stddev\n"
    "x   5           2.9           3.3           3.1           3.1    0.15811388\n"
    "+   5           2.6           2.9          2.75          2.75     0.1118034\n"
    "Difference at 95.0% confidence\n"
    "\t-0.35 +/- 0.199705\n"
    "\t-11.2903% +/- 5.96708%\n"
    "\t(Student's t, pooled s = 0.136931)\n"
    "\n"
    "Summary against isync (Welch's t at 95% confidence; changes within 1% do not count)\n"
    "metric    better  isync mean  no_isync mean       difference (95% CI)  verdict\n"
    "real (s)  lower         10.2          10.15    -0.5% (-2.7% .. +1.8%)  inconclusive\n"
    "user (s)  lower          7.1           7.12    +0.3% (-1.3% .. +1.9%)  inconclusive\n"
    "sys (s)   lower          3.1           2.75  -11.3% (-17.1% .. -4.9%)  better\n";

TEST(CompareTest, ExactReportForTwoFilesLabelledByStem) {
  TempDir dir;
  WriteIsyncPair(dir);
  const ProcessResult r = RunTimeit({"compare", "isync.csv", "no_isync.csv"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out, kIsyncReport);
  EXPECT_EQ(r.err, "");
}

/// The block of `metric` in a compare report: from its legend to the line
/// before the next blank line.
std::string BlockOf(const std::string& report, const std::string& first_legend) {
  const std::size_t start = report.find("x " + first_legend + "\n");
  if (start == std::string::npos) return {};
  return report.substr(start, report.find("\n\n", start) + 1 - start);
}

// Each block is what Debian's ministat prints for the same two columns,
// line for line, but for the relative line: current ministat (ours)
// computes its margin with the delta method, the 2015 code did not.
TEST(CompareTest, EveryBlockIsWhatMinistatPrintsForThatColumn) {
  if (::access(kMinistat, X_OK) != 0) GTEST_SKIP() << kMinistat << " is not installed";
  TempDir dir;
  WriteIsyncPair(dir);
  const ProcessResult r = RunTimeit({"compare", "isync.csv", "no_isync.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::pair<std::string, std::pair<const char*, const char*>>> columns = {
      {"real", {"10.1\n10.4\n10.2\n10.3\n10.0\n", "10.05\n10.15\n10.35\n10.25\n9.95\n"}},
      {"user", {"7.00\n7.10\n7.05\n7.15\n7.20\n", "7.02\n7.12\n7.07\n7.17\n7.22\n"}},
      {"sys", {"3.1\n3.3\n2.9\n3.0\n3.2\n", "2.8\n2.7\n2.9\n2.6\n2.75\n"}}};
  for (const auto& [metric, values] : columns) {
    // Files named as the legend names a set's metric, unit included.
    const std::string legend = metric + " (s)";
    dir.Write("isync." + legend, values.first);
    dir.Write("no_isync." + legend, values.second);
    const ProcessResult peer =
        RunProcess({kMinistat, "isync." + legend, "no_isync." + legend}, "", dir.path());
    ASSERT_EQ(peer.exit_status, 0) << peer.err;
    std::vector<std::string> ours = Lines(BlockOf(r.out, "isync." + legend));
    std::vector<std::string> theirs = Lines(peer.out);
    ASSERT_EQ(ours.size(), theirs.size()) << metric << "\n" << r.out << peer.out;
    for (std::size_t i = 0; i < ours.size(); ++i) {
      if (i > 0 && theirs[i - 1].find(" +/- ") != std::string::npos &&
          theirs[i].find("%") != std::string::npos)
        continue;  // the relative line
      EXPECT_EQ(ours[i], theirs[i]) << metric << " line " << i;
    }
  }
}

// Three sets of 7 generated values each in one file, split by its label
// column: every block is ministat's for the same three columns.
TEST(CompareTest, ThreeSetsAgainstMinistat) {
  if (::access(kMinistat, X_OK) != 0) GTEST_SKIP() << kMinistat << " is not installed";
  TempDir dir;
  const char* labels[] = {"base", "patch", "patch2"};
  std::string csv = "label,sys,real\n";
  std::string columns[3][2];
  unsigned state = 12345;
  const auto next = [&state] {  // a small LCG: the values only need to be fixed
    state = state * 1103515245u + 12345u;
    return static_cast<int>((state >> 16) % 1000);
  };
  for (int run = 0; run < 7; ++run) {
    for (int k = 0; k < 3; ++k) {
      const std::string sys = std::to_string(20 + k) + "." + std::to_string(100 + next()).substr(1);
      const std::string real =
          std::to_string(100 + 2 * k) + "." + std::to_string(1000 + next()).substr(1);
      csv += std::string(labels[k]) + "," + sys + "," + real + "\n";
      columns[k][0] += sys + "\n";
      columns[k][1] += real + "\n";
    }
  }
  dir.Write("series.csv", csv);
  const ProcessResult r = RunTimeit({"compare", "series.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const char* metrics[] = {"real", "sys"};
  for (int m = 0; m < 2; ++m) {
    std::vector<std::string> args = {kMinistat};
    for (int k = 0; k < 3; ++k) {
      const std::string name = std::string(labels[k]) + "." + metrics[m] + " (s)";
      dir.Write(name, columns[k][m == 0 ? 1 : 0]);
      args.push_back(name);
    }
    const ProcessResult peer = RunProcess(args, "", dir.path());
    ASSERT_EQ(peer.exit_status, 0) << peer.err;
    const std::vector<std::string> ours =
        Lines(BlockOf(r.out, std::string("base.") + metrics[m] + " (s)"));
    const std::vector<std::string> theirs = Lines(peer.out);
    ASSERT_EQ(ours.size(), theirs.size()) << r.out << peer.out;
    for (std::size_t i = 0; i < ours.size(); ++i) {
      if (i > 0 && theirs[i - 1].find(" +/- ") != std::string::npos &&
          theirs[i].find('%') != std::string::npos)
        continue;  // the relative line (see above)
      EXPECT_EQ(ours[i], theirs[i]) << metrics[m] << " line " << i << "\n" << r.out << peer.out;
    }
  }
  EXPECT_LT(r.out.find("x base.real"), r.out.find("x base.sys"))
      << "real before sys, whatever the columns";
}

TEST(CompareTest, LabelColumnSplitsAFileAndFailedRunsAreLeftOut) {
  TempDir dir;
  std::string text = kRunsHeader;
  const char* values[][3] = {{"1.0", "1.1", "1.2"}, {"1.3", "1.4", "1.5"}, {"2.0", "2.2", "2.4"}};
  const char* labels[] = {"base", "patch1", "patch2"};
  int run = 0;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) text += Row(labels[k], ++run, false, "0", values[i][k], "1", "0.5");
  text += Row("patch2", ++run, false, "SIGSEGV", "99", "1", "0.5");  // a failed run
  dir.Write("series.csv", text);
  const ProcessResult r = RunTimeit({"compare", "-m", "real", "series.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("x base.real (s)\n+ patch1.real (s)\n* patch2.real (s)\n", 0), 0u) << r.out;
  EXPECT_NE(
      r.out.find("*   3           1.2           2.4           1.5           1.7     0.6244998\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find("metric    better  set     base mean   mean   difference (95% CI)  verdict\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(
                "real (s)  lower   patch1      1.433  1.567   +9% (-59% .. +186%)  inconclusive\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.err, "timeit: warning: patch2: 1 failed run (non-zero status) left out\n");
}

TEST(CompareTest, OneLabelAcrossTwoKernelsIsTwoSets) {
  TempDir dir;
  dir.Write("kernels.csv", kRunsHeader + Row("build", 1, false, "0", "5.0", "1", "1", "6.1.0") +
                               Row("build", 2, false, "0", "5.2", "1", "1", "6.1.0") +
                               Row("build", 3, false, "0", "5.1", "1", "1", "6.1.0") +
                               Row("build", 4, false, "0", "4.0", "1", "1", "6.2.0") +
                               Row("build", 5, false, "0", "4.2", "1", "1", "6.2.0") +
                               Row("build", 6, false, "0", "4.1", "1", "1", "6.2.0"));
  const ProcessResult r = RunTimeit({"compare", "-m", "real", "kernels.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("x build@6.1.0.real (s)\n+ build@6.2.0.real (s)\n", 0), 0u) << r.out;
  EXPECT_NE(
      r.out.find("real (s)  lower                5.1               4.1  -19.6% (-23.6% .. -15.5%)  "
                 "better\n"),
      std::string::npos)
      << r.out;
}

// The same label in two files -- results of the same name from two
// directories, or a --baseline with the same stem -- is two sets, named by
// the paths.
TEST(CompareTest, SameLabelInTwoFilesIsTwoSets) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() / "before");
  std::filesystem::create_directories(dir.path() / "after");
  dir.Write("before/build.csv", kRunsHeader + Row("build", 1, false, "0", "5.0", "1", "1") +
                                    Row("build", 2, false, "0", "5.2", "1", "1") +
                                    Row("build", 3, false, "0", "5.1", "1", "1"));
  dir.Write("after/build.csv", kRunsHeader + Row("build", 1, false, "0", "4.0", "1", "1") +
                                   Row("build", 2, false, "0", "4.2", "1", "1") +
                                   Row("build", 3, false, "0", "4.1", "1", "1") +
                                   Row("other", 4, false, "0", "3.1", "1", "1") +
                                   Row("other", 5, false, "0", "3.2", "1", "1") +
                                   Row("other", 6, false, "0", "3.3", "1", "1"));
  const ProcessResult r =
      RunTimeit({"compare", "-m", "real", "before/build.csv", "after/build.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("x before/build.real (s)\n+ after/build.real (s)\n* other.real (s)\n", 0),
            0u)
      << r.out;
  EXPECT_EQ(r.err, "");
}

// Our file with counters against a hand-made CSV with a byte-order mark,
// CRLF line ends, a text column and no label column: what both have is
// compared, what one lacks is said in one line, the metric order is real,
// user, sys, counters, derived, the rest.
TEST(CompareTest, MixedHeadersAndMissingMetrics) {
  TempDir dir;
  dir.Write("ours.csv",
            "label,run,warmup,start,status,real,sys,maxrss,cycles,cycles.running,ipc,notes,host\n"
            "ours,1,0,t,0,1.0,0.5,100,1000,1,2.0,,h\n"
            "ours,2,0,t,0,1.1,0.6,100,1100,1,2.1,,h\n"
            "ours,3,0,t,0,1.2,0.7,100,1200,1,2.2,,h\n");
  dir.Write("other.csv",
            "\xEF\xBB\xBFname,sys,real,extra\r\n"
            "a,0.4,0.9,zz\r\n"
            "b,0.5,1.0,zz\r\n"
            "c,0.6,1.1,zz\r\n");
  const ProcessResult r = RunTimeit({"compare", "-A", "ours.csv", "other.csv"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 2) << "no -A in compare";
  const ProcessResult c = RunTimeit({"compare", "ours.csv", "other.csv"}, "", dir.path());
  ASSERT_EQ(c.exit_status, 0) << c.err;
  const std::size_t real = c.out.find("x ours.real (s)\n+ other.real (s)\n");
  const std::size_t sys = c.out.find("x ours.sys (s)\n+ other.sys (s)\n");
  const std::size_t cycles = c.out.find("cycles: no values in other; nothing left to compare\n");
  const std::size_t ipc = c.out.find("ipc: no values in other; nothing left to compare\n");
  EXPECT_NE(real, std::string::npos) << c.out;
  EXPECT_LT(real, sys);
  EXPECT_LT(sys, cycles);
  EXPECT_LT(cycles, ipc);
  EXPECT_EQ(c.out.find("maxrss"), std::string::npos) << "resource usage: no block by default";
  const ProcessResult all =
      RunTimeit({"compare", "--all-metrics", "ours.csv", "other.csv"}, "", dir.path());
  ASSERT_EQ(all.exit_status, 0) << all.err;
  const std::size_t maxrss =
      all.out.find("maxrss (KiB): no values in other; nothing left to compare\n");
  EXPECT_NE(maxrss, std::string::npos) << all.out;
  EXPECT_LT(all.out.find("ipc: no values in other"), maxrss);
  EXPECT_EQ(c.out.find("extra"), std::string::npos) << "a text column is no metric";
  EXPECT_NE(
      c.out.find("\nreal (s)  lower         1.1           1   -9% (-27% .. +13%)  inconclusive\n"),
      std::string::npos)
      << c.out;
}

TEST(CompareTest, SummaryCsv) {
  TempDir dir;
  WriteIsyncPair(dir);
  const ProcessResult r =
      RunTimeit({"compare", "-m", "sys,real", "--csv", "summary.csv", "isync.csv", "no_isync.csv"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("x isync.sys (s)\n", 0), 0u) << "-m gives the order";
  const std::vector<std::string> lines = Lines(ReadFile(dir.path() / "summary.csv"));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(
      lines[0],
      "metric,better,baseline,set,n_baseline,n,mean_baseline,mean,difference,difference_percent,"
      "ci_low_percent,ci_high_percent,student_p,welch_p,mann_whitney_p,threshold_percent,verdict,"
      "unit,test,p_value,boots_baseline,boots,boot_share,hosts,host_share,run_share,ci_low,ci_"
      "high");
  EXPECT_EQ(lines[1].rfind("sys,lower,isync,no_isync,5,5,3.1,2.75,-0.35", 0), 0u) << lines[1];
  // The p-values' last digits differ between machines (arm64's libm): scipy's
  // Welch p for these sets is 0.00464273.
  EXPECT_NE(lines[1].find(",1,better,s,Welch's t,0.0046427330777620"), std::string::npos)
      << lines[1];
  // Welch's interval of the difference, in seconds: scipy's t quantile at
  // Welch's df over these sets gives -0.55363494880 .. -0.14636505120 (Boost's
  // quantile and scipy's agree to 1e-10).
  const std::size_t design = lines[1].find(",1,1,,1,,,");
  ASSERT_NE(design, std::string::npos) << lines[1];
  const std::string interval = lines[1].substr(design + 10);
  const std::size_t comma = interval.find(',');
  EXPECT_NEAR(std::stod(interval.substr(0, comma)), -0.5536349488037723, 1e-9);
  EXPECT_NEAR(std::stod(interval.substr(comma + 1)), -0.1463650511962279, 1e-9);
  EXPECT_EQ(lines[2].rfind("real,lower,isync,no_isync,5,5,10.2,10.15,", 0), 0u) << lines[2];
  EXPECT_NE(lines[2].find(",1,inconclusive,s,Welch's t,0.630536075556983"), std::string::npos)
      << lines[2];
  EXPECT_NE(lines[2].find(",1,1,,1,,,"), std::string::npos) << lines[2];
  // pandas and R read it without options: the same number of fields everywhere.
  for (const std::string& line : lines)
    EXPECT_EQ(std::count(line.begin(), line.end(), ','), 27) << line;
}

TEST(CompareTest, HigherIsBetterForIpc) {
  TempDir dir;
  const std::string h = "majflt,ipc,cycles\n";
  dir.Write("a.csv", h + "0,1.0,300\n0,1.1,310\n0,1.05,305\n");
  dir.Write("b.csv", h + "0,2.0,200\n0,2.1,210\n0,2.05,205\n");
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("\ncycles  lower   "), std::string::npos) << r.out;
  EXPECT_LT(r.out.find("\ncycles  lower"), r.out.find("\nipc     higher"))
      << "counters before derived";
  EXPECT_NE(r.out.find("ipc     higher    1.05    2.05       +95% (+80% .. +113%)  better\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("majflt"), std::string::npos) << "resource usage: --all-metrics";
  const ProcessResult all =
      RunTimeit({"compare", "--all-metrics", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_NE(all.out.find("\nmajflt: 0 in every run of every set; nothing to compare\n"),
            std::string::npos)
      << all.out;
}

TEST(CompareTest, Warnings) {
  TempDir dir;
  const std::string h =
      "label,run,warmup,start,status,real,cycles,cycles.running,notes,cpu_model,platform\n";
  dir.Write("a.csv",
            h + "a,1,0,t,0,1.00,100,1,,Xeon,skylake\n" + "a,2,0,t,0,1.01,101,0.5,,Xeon,skylake\n" +
                "a,3,0,t,0,1.02,102,0.5,,Xeon,skylake\n" + "a,4,0,t,0,1.01,101,1,,Xeon,skylake\n" +
                "a,5,0,t,0,9.00,100,1,,Xeon,skylake\n");
  dir.Write("b.csv", h + "b,1,0,t,0,1.0,,,cycles: not permitted (perf_event_paranoid),EPYC,zen3\n" +
                         "b,2,0,t,0,1.1,,,,EPYC,zen3\n");
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(
      r.err,
      "timeit: warning: b: only 2 measured runs; 3 or more make a comparison\n"
      "timeit: warning: the sets were measured on different CPU models: a: Xeon; b: EPYC\n"
      "timeit: warning: the sets were measured on different platforms: a: skylake; b: zen3\n"
      "timeit: warning: cycles: not counted in b (cycles: not permitted (perf_event_paranoid)) "
      "but counted in a\n")
      << "the outlier in a.real changes no verdict: said with -v only";
  EXPECT_NE(r.out.find("cycles: no values in b; nothing left to compare\n"), std::string::npos)
      << r.out;
  const ProcessResult v = RunTimeit({"compare", "-v", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_NE(v.err.find("timeit: warning: a.real: 1 outlier by modified z-score > 3.5, kept: 9 at "
                       "a.csv:6 (z = 538.9)\n"),
            std::string::npos)
      << v.err;
}

// An outlier that decides a verdict is named in one line per set.
TEST(CompareTest, OutliersOnlyWhenTheyChangeAVerdict) {
  TempDir dir;
  dir.Write("a.csv", "real,minflt\n1.00,50\n1.01,50\n1.00,50\n1.01,53\n1.00,50\n1.01,50\n");
  dir.Write("b.csv", "real,minflt\n1.10,50\n1.11,50\n1.10,50\n1.11,50\n1.10,50\n5.00,50\n");
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("inconclusive"), std::string::npos) << r.out;
  EXPECT_EQ(r.err,
            "timeit: warning: b: outlying runs (kept) decide the verdict of real: without them it "
            "differs (-v names the runs)\n")
      << "a.minflt's 53 among 50s is its only variation: no word";
}

TEST(CompareTest, MultiplexedInOneSetOnly) {
  TempDir dir;
  const std::string h = "label,run,warmup,start,status,cycles,cycles.running\n";
  dir.Write("a.csv", h + "a,1,0,t,0,100,1\na,2,0,t,0,101,1\na,3,0,t,0,102,1\n");
  dir.Write("b.csv", h + "b,1,0,t,0,100,0.5\nb,2,0,t,0,101,1\nb,3,0,t,0,99,0.75\n");
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(
      r.err,
      "timeit: warning: cycles: multiplexed in b (2 of 3 runs) but not in a: scaled estimates "
      "against counts\n");
}

TEST(CompareTest, UserModeOnlyCountersInOneSet) {
  TempDir dir;
  dir.Write("a.csv", "label,cycles\na,100\na,101\na,102\n");
  dir.Write("b.csv", "label,cycles:u\nb,60\nb,61\nb,62\n");
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 2) << "nothing shared: bad input";
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "timeit: compare: a.csv, b.csv: no metric has two or more values in both the baseline "
            "(a) and another set (cycles: only in a; cycles:u: only in b)\n");
  dir.Write("a.csv", "label,cycles,real\na,100,1\na,101,2\na,102,3\n");
  dir.Write("b.csv", "label,cycles:u,real\nb,60,1\nb,61,2\nb,62,3\n");
  const ProcessResult w = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(w.exit_status, 0) << w.err;
  EXPECT_EQ(
      w.err,
      "timeit: warning: cycles: counted in user mode only (cycles:u) in b but with the kernel in "
      "a; "
      "the two are not compared (allow kernel counting with sysctl kernel.perf_event_paranoid=1 "
      "before measuring)\n");
}

// A column with no value in any run of any set (the hardware counters of a
// machine without a PMU) holds nothing to leave out: compare is quiet about
// it, -v names it, and -m naming it says why it cannot be compared.
TEST(CompareTest, MetricEmptyEverywhereIsNamedOnlyWithVerbose) {
  TempDir dir;
  // A counter column (with its .running companion) empty in every row.
  dir.Write("a.csv", "real,cycles,cycles.running\n1.0,,\n1.1,,\n1.2,,\n");
  dir.Write("b.csv", "real,cycles,cycles.running\n2.0,,\n2.1,,\n2.2,,\n");
  const ProcessResult quiet = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(quiet.exit_status, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(quiet.out.find("cycles"), std::string::npos) << quiet.out;
  const ProcessResult verbose = RunTimeit({"compare", "-v", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(verbose.exit_status, 0) << verbose.err;
  EXPECT_EQ(verbose.err, "timeit: not measured in any set, left out: cycles\n");
}

// The summary's columns line up on a terminal when a label is CJK: widths
// in terminal columns (two per wide character), measured here by Python's
// unicodedata, not by our own code.
TEST(CompareTest, SummaryColumnsLineUpWithWideCharactersInALabel) {
  TempDir dir;
  dir.Write("base.csv", "label,real\nbase,2.0\nbase,2.1\nbase,2.2\n");
  dir.Write("cjk.csv", "label,real\n\u5185\u6838,1.0\n\u5185\u6838,1.1\n\u5185\u6838,1.2\n");
  dir.Write("b.csv", "label,real\nb,2.0\nb,2.1\nb,2.2\n");
  const ProcessResult r =
      RunTimeit({"compare", "-m", "real", "base.csv", "cjk.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  dir.Write("out.txt", r.out.substr(r.out.find("\nSummary against") + 1));
  // Where each line's words end, in terminal columns: every right-aligned
  // column (the means, the difference) ends at the same column in every line.
  const ProcessResult py = RunProcess(
      {"/usr/bin/python3", "-c",
       "import re, unicodedata\n"
       "w = lambda s: sum(2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in s)\n"
       "lines = open('out.txt', encoding='utf-8').read().splitlines()[1:]\n"
       "ends = [[w(l[:m.end()]) for m in re.finditer(r'(?:mean|\\S+)(?=  |$)', l)] for l in "
       "lines]\n"
       "print(sorted({tuple(e[3:6]) for e in ends}))"},
      "", dir.path());
  EXPECT_EQ(py.exit_status, 0) << py.err;
  EXPECT_EQ(std::count(py.out.begin(), py.out.end(), '('), 1) << py.out << r.out;
}

struct CompareBadInput {
  std::vector<std::string> args;
  std::string err;
};

TEST(CompareTest, BadInputIsOneLineAndExitStatus2) {
  TempDir dir;
  WriteIsyncPair(dir);
  dir.Write("empty.csv", "");
  dir.Write("numbers.csv", "1.5,1\n2.5,2\n3.5,3\n");  // plain numbers need -d ,
  dir.Write("ragged.csv", "real,sys\n1,2\n3\n");
  dir.Write("text.csv", "real,sys\n1,2\n3,fast\n");
  dir.Write("dup.csv", "real,real\n1,2\n");
  std::filesystem::create_symlink("isync.csv", dir.path() / "link.csv");
  std::filesystem::create_directory(dir.path() / "subdir");
  std::string many = "label,real\n";
  for (char c = 'a'; c <= 'h'; ++c) many += std::string(1, c) + ",1\n" + std::string(1, c) + ",2\n";
  dir.Write("many.csv", many);
  const std::vector<CompareBadInput> cases = {
      {{"compare"}, "timeit: compare: no files to compare (see timeit compare --help)\n"},
      {{"compare", "isync.csv", "nope.csv"}, "timeit: nope.csv: No such file or directory\n"},
      {{"compare", "isync.csv", "isync.csv"},
       "timeit: isync.csv: given twice; each file is read once\n"},
      {{"compare", "isync.csv", "./isync.csv"},
       "timeit: ./isync.csv: the same file as isync.csv; each file is read once\n"},
      {{"compare", "isync.csv", "link.csv"},
       "timeit: link.csv: the same file as isync.csv; each file is read once\n"},
      {{"compare", "isync.csv", "subdir"}, "timeit: subdir: Is a directory\n"},
      {{"compare", "isync.csv", "empty.csv"}, "timeit: empty.csv: no header row (empty file)\n"},
      {{"compare", "isync.csv", "numbers.csv"},
       "timeit: numbers.csv:1: no header row: the first line holds numbers; for plain numbers in "
       "columns, give the column and delimiters as to ministat (-C 2 -d ,)\n"},
      {{"compare", "isync.csv", "ragged.csv"},
       "timeit: ragged.csv:3: ragged row: 1 fields, the header has 2\n"},
      {{"compare", "isync.csv", "text.csv"},
       "timeit: text.csv:3: column 'sys': 'fast' is not a number\n"},
      {{"compare", "isync.csv", "dup.csv"}, "timeit: dup.csv:1: duplicate column 'real'\n"},
      {{"compare", "many.csv"},
       "timeit: many.csv:16: an 8th set ('h'): compare takes at most 7, as ministat has 7 "
       "symbols\n"},
      {{"compare", "isync.csv"},
       "timeit: isync.csv: only one set ('isync'); compare wants two or more: several files, or a "
       "label "
       "column with several labels\n"},
      {{"compare", "-m", "real,bogus", "isync.csv", "no_isync.csv"},
       "timeit: compare: -m 'bogus': no such metric in isync.csv, no_isync.csv; there are: 'real', "
       "'user', 'sys'\n"},
      {{"compare", "-c", "100", "isync.csv", "no_isync.csv"},
       "timeit: compare: -c: expected a confidence level between 0 and 100 (percent), got '100' "
       "(see timeit compare --help)\n"},
      {{"compare", "-w", "1", "isync.csv", "no_isync.csv"},
       "timeit: compare: -w: expected a plot width from 2 to 1000000, got '1' (see timeit compare "
       "--help)\n"},
      {{"compare", "-q", "--csv", "-", "--json", "-", "isync.csv", "no_isync.csv"},
       "timeit: compare: --csv - and --json -: only one export can go to stdout; give the others "
       "a file\n"},
      {{"compare", "--bogus", "isync.csv"},
       "timeit: compare: unrecognised option '--bogus' (see timeit compare --help)\n"},
  };
  for (const CompareBadInput& c : cases) {
    const ProcessResult r = RunTimeit(c.args, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << c.err;
    EXPECT_EQ(r.err, c.err);
    EXPECT_EQ(r.out, "");
  }
}

TEST(CompareTest, OptionsWidthSeparateBarsConfidence) {
  TempDir dir;
  WriteIsyncPair(dir);
  const ProcessResult r =
      RunTimeit({"compare", "isync.csv", "-m", "sys", "-w", "40", "-s", "-c", "80", "no_isync.csv"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("+----------------------------------------+\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Difference at 80.0% confidence\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("difference (80% CI)"), std::string::npos) << r.out;
  const ProcessResult help = RunTimeit({"compare", "--help"});
  EXPECT_EQ(help.exit_status, 0);
  EXPECT_EQ(help.out.rfind("usage: timeit compare ", 0), 0u) << help.out;
}

// Metrics equal in every run are shown once under all their names; when
// their units differ each keeps its own ("sys (s)", a count has none), never
// the first one's unit for all.
TEST(CompareTest, EqualMetricsOfSeveralUnitsEachKeepTheirUnit) {
  TempDir dir;
  const std::string header = "label,run,warmup,status,real,sys,nivcsw,maxrss\n";
  std::string a = header, b = header;
  for (int run = 1; run <= 4; ++run) {
    a += "a," + std::to_string(run) + ",0,0,1." + std::to_string(run) + ",0,0,100\n";
    b += "b," + std::to_string(run) + ",0,0,2." + std::to_string(run) + ",0,0,100\n";
  }
  dir.Write("a.csv", a);
  dir.Write("b.csv", b);
  const ProcessResult r = RunTimeit({"compare", "--all-metrics", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("sys (s)=nivcsw: 0 in every run of every set"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("maxrss (KiB): 100 in every run of every set"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace timeit::testing
