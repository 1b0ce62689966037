// compare's verdicts as a user meets them: a constant metric, identical
// metrics once, --threshold and --fail-on, --csv - alone on stdout, files
// that are no results CSV, and the drift warning.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>

#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

/// A results-like CSV of `values` rows "real,syscalls,page-faults,minflt".
std::string Csv(const std::vector<std::string>& rows) {
  std::string text = "real,syscalls,page-faults,minflt\n";
  for (const std::string& r : rows) text += r + "\n";
  return text;
}

void WriteKernels(const TempDir& dir) {
  dir.Write("a.csv", Csv({"1.00,300030,50,50", "1.02,300030,51,51", "1.01,300030,50,50",
                          "1.03,300030,52,52", "1.02,300030,50,50"}));
  dir.Write("b.csv", Csv({"1.50,300031,50,50", "1.52,300031,51,51", "1.51,300031,50,50",
                          "1.53,300031,52,52", "1.52,300031,50,50"}));
}

TEST(CompareVerdictTest, ConstantMetricIsOneLineAndIdenticalMetricsOneBlock) {
  TempDir dir;
  WriteKernels(dir);
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("\nsyscalls: constant: 300030 → 300031 (+0.000333%)\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("x a.syscalls"), std::string::npos) << "no plot for a constant metric";
  EXPECT_NE(r.out.find("x a.page-faults=minflt\n+ b.page-faults=minflt\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("x a.minflt"), std::string::npos) << r.out;
  // 1.016 -> 1.516: +49.2%, far beyond 1%; 50.6 page faults in both: same.
  EXPECT_NE(r.out.find("\nreal (s)            lower    1.016   1.516  "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  worse\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nsyscalls            lower     300k    300k           +0.000333% exact  "
                       "constant\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\npage-faults=minflt  lower     50.6    50.6"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(CompareVerdictTest, ThresholdAndFailOn) {
  TempDir dir;
  WriteKernels(dir);
  const ProcessResult fail = RunTimeit(
      {"compare", "--all-metrics", "--fail-on", "worse", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(fail.exit_status, 1);
  EXPECT_EQ(fail.err,
            "timeit: failing (--fail-on, Holm over 2 metrics): real worse in b (adjusted p "
            "<0.0001)\n");
  EXPECT_NE(fail.out.find("Summary against a"), std::string::npos) << "everything is printed";
  // With a 60% threshold, +49% is significant but below it.
  const ProcessResult wide = RunTimeit(
      {"compare", "--threshold", "60", "--fail-on", "worse", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(wide.exit_status, 0) << wide.err;
  EXPECT_NE(wide.out.find("  below threshold\n"), std::string::npos) << wide.out;
  // With the threshold off, the constant change of one call is worse.
  const ProcessResult off = RunTimeit(
      {"compare", "--threshold", "0", "-m", "syscalls", "--fail-on", "worse", "a.csv", "b.csv"}, "",
      dir.path());
  EXPECT_EQ(off.exit_status, 1);
  EXPECT_EQ(off.err, "timeit: failing (--fail-on): syscalls worse in b (exact)\n");
}

TEST(CompareVerdictTest, CsvOnStdoutIsTheCsvAlone) {
  TempDir dir;
  WriteKernels(dir);
  const ProcessResult r =
      RunTimeit({"compare", "-m", "real", "--csv", "-", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("metric,better,baseline,set,", 0), 0u) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2) << r.out;
  // Welch's p to 14 digits: the last ones differ between machines' libm.
  EXPECT_NE(r.out.find(",1,worse,s,Welch's t,2.08387608658678"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(",1,1,,1,,,0.48337116769"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("\n")) << r.out;
  EXPECT_NE(r.err.find("x a.real (s)\n"), std::string::npos) << "the report goes to stderr";
  const ProcessResult quiet =
      RunTimeit({"compare", "-q", "-m", "real", "--csv", "-", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(quiet.out, r.out);
  EXPECT_EQ(quiet.err, "");
}

/// Ten runs of ten metrics, each metric's noise the same ten offsets (mean
/// 0, sd 1.49) in its own order, so that no two metrics are equal in every
/// run: `rotate` reorders a set's runs (the same values, the same mean);
/// `page_faults` adds to that metric's mean, `real_factor` scales real's.
std::string TenMetrics(std::size_t rotate, double page_faults, double real_factor) {
  static const double kNoise[] = {0, 1, -1, 2, -2, 1, 0, -1, 2, -2};
  struct Metric {
    const char* name;
    double mean, scale;
  };
  const Metric metrics[] = {
      {"real", 1.0 * real_factor, 0.01},    {"user", 0.4, 0.004}, {"sys", 0.55, 0.005},
      {"context-switches", 20, 1},          {"nivcsw", 12, 1},    {"cpu-migrations", 2, 1},
      {"page-faults", 60 + page_faults, 2}, {"maxrss", 8240, 4},  {"cgroup-user", 410000, 4000},
      {"cgroup-sys", 560000, 5000},
  };
  std::ostringstream csv;
  for (std::size_t k = 0; k < std::size(metrics); ++k) csv << (k ? "," : "") << metrics[k].name;
  csv << "\n";
  for (std::size_t i = 0; i < 10; ++i) {
    for (std::size_t k = 0; k < std::size(metrics); ++k)
      csv << (k ? "," : "") << metrics[k].mean + metrics[k].scale * kNoise[(i + k + rotate) % 10];
    csv << "\n";
  }
  return csv.str();
}

// The gate holds the family-wise false-alarm rate over the ten metrics it
// judges (--all-metrics: by default maxrss and the cgroup's are not shown): page-faults 5% up with
// p 0.037 is worse at 95% alone, not after Holm (10 * 0.037); real 10% slower is worse either way.
// The other metrics have the baseline's very values, in another order (p 1).
TEST(CompareVerdictTest, FailOnHoldsAMarginalMetricOverTheFamily) {
  TempDir dir;
  dir.Write("a.csv", TenMetrics(0, 0, 1));
  dir.Write("b.csv", TenMetrics(3, 3, 1));
  dir.Write("c.csv", TenMetrics(3, 3, 1.1));
  const ProcessResult holds = RunTimeit(
      {"compare", "--all-metrics", "--fail-on", "worse", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(holds.exit_status, 0) << holds.err;
  EXPECT_NE(holds.out.find("\npage-faults       lower"), std::string::npos) << holds.out;
  EXPECT_NE(holds.out.find("  worse\n"), std::string::npos) << "worse alone: " << holds.out;
  EXPECT_EQ(holds.err,
            "timeit: --fail-on: page-faults worse in b (p 0.0372, Holm-adjusted 0.372) at 95% "
            "alone, not over the 10 metrics gated: the gate holds\n");
  const ProcessResult fails = RunTimeit(
      {"compare", "--all-metrics", "--fail-on", "worse", "a.csv", "c.csv"}, "", dir.path());
  EXPECT_EQ(fails.exit_status, 1) << fails.err;
  // real's p is the smallest: page-faults' is the second of 10, times 9.
  EXPECT_EQ(fails.err,
            "timeit: --fail-on: page-faults worse in c (p 0.0372, Holm-adjusted 0.3348) at 95% "
            "alone, not over the 10 metrics gated: not failing on these\n"
            "timeit: failing (--fail-on, Holm over 10 metrics): real worse in c (adjusted p "
            "<0.0001)\n");
}

// cpu-migrations 0 in every baseline run: the summary, the exports and
// --bisect give the change (+2 from 0), not an infinite percentage; the CSV
// and JSON leave the percentages empty or null and keep the difference.
TEST(CompareVerdictTest, AChangeFromZeroIsNoInfinitePercentage) {
  TempDir dir;
  dir.Write("a.csv", "real,cpu-migrations\n1.00,0\n1.01,0\n1.02,0\n1.00,0\n1.01,0\n");
  dir.Write("b.csv", "real,cpu-migrations\n1.00,1\n1.01,3\n1.02,2\n1.00,2\n1.01,2\n");
  const ProcessResult r = RunTimeit(
      {"compare", "--csv", "s.csv", "--json", "s.json", "--html", "s.html", "a.csv", "b.csv"}, "",
      dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::size_t at = r.out.find("Summary against a");
  ASSERT_NE(at, std::string::npos) << r.out;
  // (ministat's block above keeps ministat's own relative line.)
  const std::string summary = r.out.substr(at);
  EXPECT_NE(
      summary.find("\ncpu-migrations  lower        0       2  +2 +/- 0.878 (from 0)  worse\n"),
      std::string::npos)
      << summary;
  const std::string csv = ReadFile(dir.path() / "s.csv"), json = ReadFile(dir.path() / "s.json"),
                    html = ReadFile(dir.path() / "s.html");
  const std::regex infinite("(^|[^a-z])inf($|[^a-z])");
  for (const std::string& text : {summary, r.err, csv, json, html})
    EXPECT_FALSE(std::regex_search(text, infinite)) << text;
  EXPECT_NE(csv.find("\ncpu-migrations,lower,a,b,5,5,0,2,2,,,,"), std::string::npos) << csv;
  EXPECT_NE(json.find("\"mean_baseline\": 0.0, \"mean\": 2.0, \"difference\": 2.0, \"ci_low\": "),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"difference_percent\": null, \"ci_low_percent\": null"), std::string::npos)
      << json;
  // The only interval such a row has: the one the text shows, 2 +/- 0.878.
  const std::string row = csv.substr(csv.find("\ncpu-migrations,"));
  const std::string tail = row.substr(row.find(",1,1,,1,,,") + 10);
  const double low = std::stod(tail), high = std::stod(tail.substr(tail.find(',') + 1));
  EXPECT_NEAR(high - 2, 0.878, 0.0005) << row;
  EXPECT_NEAR(2 - low, 0.878, 0.0005) << row;
  EXPECT_NE(html.find(">+2 ± 0.878 (from 0)<"), std::string::npos);
  const ProcessResult bisect = RunTimeit({"compare", "--bisect", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(bisect.exit_status, 1) << bisect.err;
  EXPECT_EQ(bisect.out,
            "bisect: bad (exit 1) against a: cpu-migrations worse in b (+2 +/- 0.878 (from 0))\n");
}

TEST(CompareVerdictTest, NotAResultsCsvOrNothingSharedIsExit2) {
  TempDir dir;
  WriteKernels(dir);
  dir.Write("notes.txt", "We measured the build twice.\nIt looked slower.\n");
  dir.Write("other.csv", "name,color\nx,red\n");
  dir.Write("unrelated.csv", "depth,width\n1,2\n3,4\n5,6\n");
  const ProcessResult prose = RunTimeit({"compare", "a.csv", "notes.txt"}, "", dir.path());
  EXPECT_EQ(prose.exit_status, 2);
  EXPECT_EQ(prose.err, "timeit: notes.txt: not a results CSV: no numeric column\n");
  EXPECT_EQ(prose.out, "");
  const ProcessResult text = RunTimeit({"compare", "a.csv", "other.csv"}, "", dir.path());
  EXPECT_EQ(text.exit_status, 2);
  EXPECT_EQ(text.err, "timeit: other.csv: not a results CSV: no numeric column\n");
  const ProcessResult unrelated = RunTimeit({"compare", "a.csv", "unrelated.csv"}, "", dir.path());
  EXPECT_EQ(unrelated.exit_status, 2);
  EXPECT_EQ(unrelated.err,
            "timeit: compare: a.csv, unrelated.csv: no metric has two or more values in both the "
            "baseline (a) and another set (real: only in a; syscalls: only in a; page-faults: "
            "only in a; minflt: only in a; depth: only in unrelated; width: only in unrelated)\n");
  EXPECT_EQ(unrelated.out, "");
}

// Reference p-values from R: cor.test(x, seq_along(x), method = "kendall",
// exact = FALSE, continuity = TRUE)$p.value
//   a: 1.00 1.05 1.02 1.07 1.01 1.06 1.03 1.04 1.00 1.05 -> 0.857 (no trend)
//   b: 1.00 1.03 1.01 1.02 1.05 1.04 1.06 1.03 1.07 1.09 -> 0.005371254
TEST(CompareVerdictTest, DriftIsOneWarning) {
  TempDir dir;
  dir.Write("a.csv", "real\n1.00\n1.05\n1.02\n1.07\n1.01\n1.06\n1.03\n1.04\n1.00\n1.05\n");
  dir.Write("b.csv", "real\n1.00\n1.03\n1.01\n1.02\n1.05\n1.04\n1.06\n1.03\n1.07\n1.09\n");
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err,
            "timeit: warning: b.real rises over the series (p = 0.0054): thermal or page-cache "
            "drift?\n");
}

// A set over boots (or a fleet's hosts) changes level between them; the
// drift warning tests each boot's runs against their own order and sums
// (stratified Mann-Kendall): a step between boots is no drift, a rise
// within them is.
TEST(CompareVerdictTest, DriftIsLookedForWithinEachBoot) {
  TempDir dir;
  const std::string header = "label,run,warmup,status,real,host,boot_id\n";
  const double flat[] = {1.00, 1.05, 1.02, 1.07, 1.01, 1.06, 1.03, 1.04};
  const double rising[] = {1.00, 1.01, 1.02, 1.03, 1.04, 1.05, 1.06, 1.07};
  std::string a = header, b = header, c = header;
  int run = 0;
  for (int boot = 0; boot < 3; ++boot)
    for (int i = 0; i < 8; ++i) {
      ++run;
      a += fmt::format("a,{},0,0,{},h,a{}\n", run, flat[i] + boot, boot);
      b += fmt::format("b,{},0,0,{},h,b{}\n", run, flat[(i + 3) % 8] + 2 * boot, boot);
      c += fmt::format("c,{},0,0,{},h,c{}\n", run, rising[i] + boot, boot);
    }
  dir.Write("a.csv", a);
  dir.Write("b.csv", b);
  dir.Write("c.csv", c);
  const ProcessResult steps = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(steps.exit_status, 0) << steps.err;
  EXPECT_EQ(steps.err.find("drift"), std::string::npos) << steps.err;
  const ProcessResult drifts = RunTimeit({"compare", "a.csv", "c.csv"}, "", dir.path());
  ASSERT_EQ(drifts.exit_status, 0) << drifts.err;
  EXPECT_NE(drifts.err.find("timeit: warning: c.real rises within its 3 boots (p < 0.0001): "
                            "thermal or page-cache drift?\n"),
            std::string::npos)
      << drifts.err;
}

}  // namespace
}  // namespace timeit::testing
