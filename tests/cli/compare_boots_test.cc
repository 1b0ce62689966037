// compare across reboots as a user meets it: series whose rows carry
// several boot_ids are compared by the mixed model, and its numbers are R's
// (nlme, the values tests/stats/data/lme_reference.csv keeps, checked there
// against live R); the interval always agrees with the verdict; one boot a
// side says what it cannot show.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "tests/cli/nlme_reference.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

const std::string kBootsHeader = "label,run,warmup,status,real,host,boot_id\n";

/// a.csv and b.csv: the design's sets 0 and 1.
void WriteSets(const TempDir& dir, const std::vector<DesignRun>& runs) {
  std::string text[2] = {kBootsHeader, kBootsHeader};
  int n[2] = {0, 0};
  for (const DesignRun& r : runs)
    if (r.set < 2)
      text[r.set] += fmt::format("{},{},0,0,{},{},{}\n", r.set == 0 ? "a" : "b", ++n[r.set],
                                 r.value, r.host, r.boot);
  dir.Write("a.csv", text[0]);
  dir.Write("b.csv", text[1]);
}

class BootsAgainstNlmeTest : public ::testing::TestWithParam<const char*> {};

TEST_P(BootsAgainstNlmeTest, SummaryCsvIsTheModelsAsRReportsIt) {
  const std::string design = GetParam();
  const std::vector<DesignRun> runs = NlmeDesign(design);
  TempDir dir;
  WriteSets(dir, runs);
  const ProcessResult r =
      RunTimeit({"compare", "-v", "--csv", "s.csv", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  std::set<std::string> host_cells;
  for (const DesignRun& run : runs) host_cells.insert(run.host);
  const bool hosts = host_cells.size() > 1;
  // Over hosts, the heading names the design: "2 hosts × 3 boots".
  const std::string heading = "Summary against a (mixed model over ";
  const std::size_t at = r.out.find(heading);
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string over = r.out.substr(at + heading.size(), r.out.find('\n', at) - at);
  EXPECT_EQ(over.starts_with("boots at 95% "), !hosts) << r.out;
  if (hosts) {
    EXPECT_TRUE(over.starts_with(std::to_string(host_cells.size()) + " hosts")) << r.out;
  }
  const RunsTable t = ParseCsvForTest(ReadFile(dir.path() / "s.csv"));
  ASSERT_EQ(t.rows.size(), 1u);
  const auto cell = [&](const char* column) { return t.rows[0][*t.Column(column)]; };
  // The change is the ratio of the set's mean to the baseline's under the
  // model, (intercept + effect) / intercept - 1, with Fieller's interval by
  // nlme's vcov() and the effect's DF.
  const double intercept = NlmeReference(design, "value", "(Intercept)");
  const double low = (NlmeReference(design, "ratio_lower", "set1") - 1) * 100;
  const double high = (NlmeReference(design, "ratio_upper", "set1") - 1) * 100;
  const double width = high - low;
  EXPECT_EQ(cell("test"), "mixed model");
  EXPECT_NEAR(std::stod(cell("difference_percent")),
              NlmeReference(design, "value", "set1") * 100 / intercept, 1e-5 * width);
  EXPECT_NEAR(std::stod(cell("ci_low_percent")), low, 1e-5 * width);
  EXPECT_NEAR(std::stod(cell("ci_high_percent")), high, 1e-5 * width);
  const double p = NlmeReference(design, "p", "set1");
  EXPECT_NEAR(std::stod(cell("p_value")), p, 1e-4 * p);
  // Boots as the model nests them (host/boot): the fleet's hosts, made
  // from one image, share boot ids.
  std::map<int, std::set<std::string>> boots;
  for (const DesignRun& run : runs) boots[run.set].insert(run.host + "/" + run.boot);
  EXPECT_EQ(cell("boots_baseline"), std::to_string(boots[0].size()));
  EXPECT_EQ(cell("boots"), std::to_string(boots[1].size()));
  // The shares are VarCorr's variance components over their sum; none
  // between hosts over one host.
  const std::vector<std::string> levels = hosts
                                              ? std::vector<std::string>{"host", "boot", "Residual"}
                                              : std::vector<std::string>{"boot", "Residual"};
  double total = 0;
  for (const std::string& level : levels) total += std::pow(NlmeReference(design, "sd", level), 2);
  EXPECT_EQ(cell("hosts"), hosts ? std::to_string(host_cells.size()) : "1");
  EXPECT_EQ(cell("host_share").empty(), !hosts);
  // With one run in every boot only the sum of the boot's and the run's
  // variance is identified: R splits it where its optimiser stopped.
  if (design == std::string("single_runs")) return;
  // nlme searches on a log scale and stops at its tolerance: a component at
  // the boundary is tiny there and 0 here (MixedModelTest holds the sds to
  // 1e-3 of the total sd), a share to 2e-3.
  const char* share_columns[] = {"host_share", "boot_share", "run_share"};
  for (std::size_t i = hosts ? 0 : 1; i < 3; ++i) {
    const double r_share =
        std::pow(NlmeReference(design, "sd", levels[i - (hosts ? 0 : 1)]), 2) / total;
    EXPECT_NEAR(std::stod(cell(share_columns[i])), r_share, 2e-3) << share_columns[i];
  }
}

INSTANTIATE_TEST_SUITE_P(Designs, BootsAgainstNlmeTest,
                         ::testing::Values("balanced", "unbalanced", "one_boot_baseline",
                                           "single_runs", "hosts_crossed", "shared_boots", "fleet"),
                         [](const ::testing::TestParamInfo<const char*>& p) {
                           return std::string(p.param);
                         });

// A fleet's files -- each host's runs of both labels in a file of its own,
// results/HOST/series.csv -- are one set per label whose runs the model
// groups by host, then boot: the same summary, to the byte, as the design's
// two files (which BootsAgainstNlmeTest holds to R's lme). Two files of one
// label from the same host stay two sets (before/ and after/).
TEST(CompareBootsTest, AFleetsFilesOfOneLabelAreOneSetWithTheHostAsALevel) {
  const std::vector<DesignRun> runs = NlmeDesign("hosts_crossed");
  TempDir dir;
  WriteSets(dir, runs);
  std::map<std::string, std::string> by_host;
  int n = 0;
  for (const DesignRun& r : runs) {
    if (r.set >= 2) continue;
    std::string& text = by_host[r.host];
    if (text.empty()) text = kBootsHeader;
    text +=
        fmt::format("{},{},0,0,{},{},{}\n", r.set == 0 ? "a" : "b", ++n, r.value, r.host, r.boot);
  }
  ASSERT_GE(by_host.size(), 2u);
  std::vector<std::string> args = {"compare", "-v", "--csv", "fleet.csv"};
  for (const auto& [host, text] : by_host) {
    std::filesystem::create_directories(dir.path() / "results" / host);
    dir.Write("results/" + host + "/series.csv", text);
    args.push_back("results/" + host + "/series.csv");
  }
  const ProcessResult fleet = RunTimeit(args, "", dir.path());
  ASSERT_EQ(fleet.exit_status, 0) << fleet.err;
  const ProcessResult two =
      RunTimeit({"compare", "-v", "--csv", "two.csv", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(two.exit_status, 0) << two.err;
  EXPECT_EQ(ReadFile(dir.path() / "fleet.csv"), ReadFile(dir.path() / "two.csv"));
  EXPECT_NE(fleet.out.find(fmt::format("mixed model over {} hosts", by_host.size())),
            std::string::npos)
      << fleet.out;
  EXPECT_NE(fleet.out.find("host 0% · boot "), std::string::npos) << fleet.out;

  // The same host's file twice over (copied): two sets of each label.
  const std::string one = by_host.begin()->first;
  std::filesystem::create_directories(dir.path() / "after");
  dir.Write("after/series.csv", by_host.begin()->second);
  const ProcessResult same =
      RunTimeit({"compare", "-m", "real", "results/" + one + "/series.csv", "after/series.csv"}, "",
                dir.path());
  ASSERT_EQ(same.exit_status, 0) << same.err;
  EXPECT_NE(same.out.find("x results/" + one + "/series:a.real"), std::string::npos) << same.out;
  EXPECT_NE(same.out.find("after/series:a.real"), std::string::npos) << same.out;
}

// --test student is ministat's pooled t on the runs, boots or not; the
// heading says so; an unknown test is one line.
TEST(CompareBootsTest, TestOption) {
  TempDir dir;
  WriteSets(dir, NlmeDesign("unbalanced"));
  const ProcessResult student =
      RunTimeit({"compare", "--test", "student", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(student.exit_status, 0) << student.err;
  EXPECT_NE(student.out.find("Summary against a (Student's t at 95% "), std::string::npos);
  const ProcessResult welch =
      RunTimeit({"compare", "--test", "welch", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_NE(welch.out.find("Summary against a (Welch's t at 95% "), std::string::npos);
  const ProcessResult bad =
      RunTimeit({"compare", "--test", "wlech", "a.csv", "b.csv"}, "", dir.path());
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_EQ(bad.err,
            "timeit: compare: --test: no test 'wlech'; did you mean 'welch'?; there are: auto, "
            "welch, student (see timeit compare --help)\n");
}

// One boot a side, two different boots: a line under the summary says what
// the interval cannot hold. The same boot for both (a --config series), or
// no boot_id at all, says nothing.
TEST(CompareBootsTest, OneBootNote) {
  TempDir dir;
  const auto write = [&](const std::string& boot_a, const std::string& boot_b) {
    std::string a = kBootsHeader, b = kBootsHeader;
    for (int i = 0; i < 4; ++i) {
      a += fmt::format("a,{},0,0,{},h,{}\n", i + 1, 1.0 + 0.01 * i, boot_a);
      b += fmt::format("b,{},0,0,{},h,{}\n", i + 1, 1.1 + 0.01 * i, boot_b);
    }
    dir.Write("a.csv", a);
    dir.Write("b.csv", b);
    return RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  };
  const std::string note =
      "\nOne boot per set: the intervals hold run-to-run noise only; boot effects (memory "
      "layout, KASLR, caches) may be part of the differences. Boot each kernel three times or "
      "more and append to its file (timeit plan tells how often).\n";
  const ProcessResult two = write("boot-1", "boot-2");
  ASSERT_EQ(two.exit_status, 0) << two.err;
  EXPECT_NE(two.out.find("worse" + note), std::string::npos) << two.out;
  EXPECT_EQ(write("boot-1", "boot-1").out.find("One boot per set"), std::string::npos);
  EXPECT_EQ(write("", "").out.find("One boot per set"), std::string::npos);
}

// Each kernel on a host of its own: the host is no level (it would leave no
// degrees of freedom), and a warning says the two cannot be told apart.
TEST(CompareBootsTest, OneHostPerSetIsAWarning) {
  std::vector<DesignRun> runs = NlmeDesign("unbalanced");
  for (DesignRun& r : runs) r.host = r.set == 0 ? "alpha" : "beta";
  TempDir dir;
  WriteSets(dir, runs);
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Summary against a (mixed model over boots at 95% "), std::string::npos);
  EXPECT_NE(r.err.find("timeit: warning: a and b ran on different hosts, one each: what the host "
                       "adds cannot be told apart from the difference"),
            std::string::npos)
      << r.err;
}

// The interval beside every verdict is the one that decided it, on random
// series with and without boots, at random thresholds: worse, better and
// below threshold exactly when it excludes 0, same exactly when it lies
// inside +/- threshold and holds 0, read from the CSV as a user would.
TEST(CompareBootsTest, IntervalAgreesWithVerdictOnRandomSeries) {
  std::mt19937_64 rng(21);
  std::uniform_int_distribution<int> boots(1, 4), runs(1, 6);
  std::uniform_real_distribution<double> shift(-0.03, 0.03), threshold(0, 8);
  int significant = 0, same = 0;
  for (int trial = 0; trial < 30; ++trial) {
    TempDir dir;
    std::normal_distribution<double> boot_sd(0, trial % 2 ? 0.01 : 0.0005), run_sd(0, 0.003);
    for (int s = 0; s < 2; ++s) {
      std::string text = kBootsHeader;
      int run = 0;
      const int n_boots = boots(rng);
      for (int b = 0; b < n_boots; ++b) {
        const double offset = boot_sd(rng) + (s == 1 ? shift(rng) : 0);
        const int n = std::max(runs(rng), n_boots == 1 ? 2 : 1);
        for (int i = 0; i < n; ++i)
          text += fmt::format("s,{},0,0,{},h,boot-{}-{}\n", ++run, 1 + offset + run_sd(rng), s, b);
      }
      dir.Write(s == 0 ? "a.csv" : "b.csv", text);
    }
    const double t = trial % 4 == 0 ? 0 : threshold(rng);
    const ProcessResult r = RunTimeit(
        {"compare", "-q", "--threshold", fmt::format("{}", t), "--csv", "s.csv", "a.csv", "b.csv"},
        "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const RunsTable csv = ParseCsvForTest(ReadFile(dir.path() / "s.csv"));
    ASSERT_EQ(csv.rows.size(), 1u);
    const auto cell = [&](const char* c) { return csv.rows[0][*csv.Column(c)]; };
    const std::string verdict = cell("verdict");
    if (cell("ci_low_percent").empty()) {
      EXPECT_EQ(verdict, "inconclusive");
      continue;
    }
    const double low = std::stod(cell("ci_low_percent")), high = std::stod(cell("ci_high_percent"));
    const bool excludes = low > 0 || high < 0;
    const bool decided = verdict == "worse" || verdict == "better" || verdict == "below threshold";
    EXPECT_EQ(decided, excludes) << verdict << " [" << low << ", " << high << "]";
    // An interval inside the band that excludes 0 is "below threshold":
    // significant, too small to count.
    EXPECT_EQ(verdict == "same", t > 0 && low > -t && high < t && !excludes)
        << verdict << " [" << low << ", " << high << "] within " << t;
    significant += decided;
    same += verdict == "same";
  }
  EXPECT_GT(significant, 0);
  EXPECT_GT(same, 0);
}

}  // namespace
}  // namespace timeit::testing

namespace timeit::testing {
namespace {

// The exports across boots: the HTML's strip plot stacks each set's runs by
// boot (checked against the CSV by check_compare_html.py), its summary shows
// the boots and the share between them; the JSON's comparison names the
// test, and each entry its runs' boots.
TEST(CompareBootsTest, ExportsShowTheBoots) {
  TempDir dir;
  WriteSets(dir, NlmeDesign("unbalanced"));
  const ProcessResult r = RunTimeit(
      {"compare", "--html", "r.html", "--json", "r.json", "--csv", "s.csv", "a.csv", "b.csv"}, "",
      dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const ProcessResult check = RunProcess(
      {"/usr/bin/python3", std::string(TIMEIT_SOURCE_DIR) + "/tests/cli/check_compare_html.py",
       "r.html", "a.csv", "b.csv"},
      "", dir.path());
  EXPECT_EQ(check.exit_status, 0) << check.out << check.err;
  const std::string html = ReadFile(dir.path() / "r.html");
  EXPECT_NE(html.find("by the metric's direction: mixed model over boots at 95% confidence"),
            std::string::npos);
  EXPECT_NE(html.find("<th>boots</th><th class=\"text\">variance</th>"), std::string::npos);
  EXPECT_NE(html.find("data-boot=\"b1\""), std::string::npos);
  EXPECT_NE(html.find("Variance: b against a: boot "), std::string::npos);
  const RunsTable csv = ParseCsvForTest(ReadFile(dir.path() / "s.csv"));
  const std::string low = csv.rows[0][*csv.Column("ci_low_percent")];
  EXPECT_NE(html.find("data-test=\"mixed model\" data-ci-low=\"" + low + "\""), std::string::npos)
      << "the HTML's interval is the CSV's";
  const std::string json = ReadFile(dir.path() / "r.json");
  EXPECT_NE(json.find("\"boot_ids\": [\"b1\", \"b1\", \"b2\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"test\": \"mixed model\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"ci_low_percent\": " + low + ","), std::string::npos) << json;
  EXPECT_NE(json.find("\"boots_baseline\": 3, \"boots\": 5,"), std::string::npos) << json;
}

}  // namespace
}  // namespace timeit::testing
