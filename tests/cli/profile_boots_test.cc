// compare's "Where the difference is" across reboots: a function's time per
// run is judged as compare judges a metric, so where the profiled runs span
// boots its interval and p are the mixed model's -- R's nlme numbers
// (tests/stats/data/lme_reference.csv) for a function whose times are the
// designs' values.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "tests/cli/nlme_reference.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

const std::string kDesignData = std::string(TIMEIT_SOURCE_DIR) + "/tests/stats/data/";

/// a.csv, b.csv and their sidecars from the design's sets 0 and 1: each run's
/// `real` is the design's value in seconds, and so is the time of the one
/// function `f` its profile holds (beside a constant `g`).
void WriteSeries(const TempDir& dir, const std::string& design) {
  std::ifstream in(kDesignData + "lme_designs.csv");
  std::string line;
  std::getline(in, line);
  std::string csv[2], profile[2];
  for (int s = 0; s < 2; ++s) {
    csv[s] = "label,run,warmup,status,real,host,boot_id\n";
    profile[s] = "label,run,boot_id,function,object,mode,samples,time_ns,total_samples,total_ns\n";
  }
  int runs[2] = {0, 0};
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name, set, host, boot, y;
    for (std::string* f : {&name, &set, &host, &boot, &y}) std::getline(fields, *f, ',');
    const int s = std::stoi(set);
    if (name != design || s > 1) continue;
    const char* label = s == 0 ? "a" : "b";
    const int run = ++runs[s];
    csv[s] += fmt::format("{},{},0,0,{},{},{}\n", label, run, y, host, boot);
    profile[s] += fmt::format("{},{},{},f,/usr/bin/w,user,100,{:.0f},,\n", label, run, boot,
                              std::stod(y) * 1e9);
    profile[s] += fmt::format("{},{},{},g,/usr/bin/w,user,10,1000000,,\n", label, run, boot);
  }
  dir.Write("a.csv", csv[0]);
  dir.Write("b.csv", csv[1]);
  dir.Write("a.profile.csv", profile[0]);
  dir.Write("b.profile.csv", profile[1]);
}

class ProfileBootsTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ProfileBootsTest, AFunctionsIntervalIsTheMixedModelsAsRReportsIt) {
  const std::string design = GetParam();
  TempDir dir;
  WriteSeries(dir, design);
  const ProcessResult r =
      RunTimeit({"compare", "-m", "real", "--profile-csv", "p.csv", "a.csv", "b.csv"}, "",
                dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Where the difference is: real of b against a (mixed model over boots on "),
            std::string::npos)
      << r.out;
  const RunsTable t = ParseCsvForTest(ReadFile(dir.path() / "p.csv"));
  const auto row = [&](const std::string& function) -> const std::vector<std::string>& {
    for (const auto& line : t.rows)
      if (line[*t.Column("function")] == function) return line;
    ADD_FAILURE() << "no row of " << function;
    return t.rows.front();
  };
  const std::vector<std::string>& f = row("f");
  const auto cell = [&](const char* column) { return std::stod(f[*t.Column(column)]); };
  // R's numbers are in the values' unit, seconds; the profile's in ms.
  const double low = NlmeReference(design, "lower", "set1") * 1e3;
  const double high = NlmeReference(design, "upper", "set1") * 1e3;
  const double width = high - low;
  EXPECT_NEAR(cell("difference_ms"), NlmeReference(design, "value", "set1") * 1e3, 1e-5 * width);
  EXPECT_NEAR(cell("ci_low_ms"), low, 1e-5 * width);
  EXPECT_NEAR(cell("ci_high_ms"), high, 1e-5 * width);
  // Holm over the one function with a p (g is the same in every run).
  const double p = NlmeReference(design, "p", "set1");
  EXPECT_NEAR(cell("p_adjusted"), p, 1e-4 * p);
  const std::vector<std::string>& g = row("g");
  EXPECT_EQ(g[*t.Column("p_adjusted")], "") << "a constant function has no p";
}

INSTANTIATE_TEST_SUITE_P(Designs, ProfileBootsTest,
                         ::testing::Values("balanced", "unbalanced", "one_boot_baseline",
                                           "single_runs", "hosts_crossed", "shared_boots"),
                         [](const ::testing::TestParamInfo<const char*>& p) {
                           return std::string(p.param);
                         });

// --test welch keeps Welch's t on the runs, boots or not, and says so.
TEST(ProfileBootsTest, TestWelchJudgesTheRuns) {
  TempDir dir;
  WriteSeries(dir, "balanced");
  const ProcessResult r =
      RunTimeit({"compare", "--test", "welch", "-m", "real", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Where the difference is: real of b against a (Welch's t on "),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace timeit::testing
