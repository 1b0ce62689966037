// compare's summary gives the interval of the ratio of the means (Fieller's
// with Welch's t), not the difference's interval divided by the baseline's
// mean: for a -O0 against -O2 build (real about 3x) it is wider and not
// symmetric, as R's uniroot over Welch's statistic finds it
// (tests/stats/data/ratio_r.csv, which the stats tests hold to live R).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "tests/cli/run_timeit.h"
#include "tests/cli/summary_csv.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

const std::string kRatioData = std::string(TIMEIT_SOURCE_DIR) + "/tests/stats/data/";

/// The case's baseline and other set as one-column results CSVs ("real").
std::pair<std::string, std::string> CaseCsvs(const std::string& name) {
  std::istringstream in(ReadFile(kRatioData + "ratio_samples.csv"));
  std::string line, baseline = "real\n", x = "real\n";
  std::getline(in, line);
  while (std::getline(in, line)) {
    if (line.rfind(name + ",", 0) != 0) continue;
    const std::size_t comma = line.find(',', name.size() + 1);
    (line.substr(name.size() + 1, comma - name.size() - 1) == "x" ? x : baseline) +=
        line.substr(comma + 1) + "\n";
  }
  return {baseline, x};
}

/// R's `what` of the case (ratio_r.csv).
double RValue(const std::string& name, const std::string& what) {
  std::istringstream in(ReadFile(kRatioData + "ratio_r.csv"));
  std::string line;
  const std::string prefix = name + "," + what + ",ratio,";
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) return std::stod(line.substr(prefix.size()));
  ADD_FAILURE() << "no " << what << " of " << name << " in ratio_r.csv";
  return std::nan("");
}

TEST(CompareRatioTest, ThreeTimesIsWiderAndNotSymmetric) {
  TempDir dir;
  const auto [baseline, x] = CaseCsvs("three_times");
  dir.Write("O2.csv", baseline);
  dir.Write("O0.csv", x);
  const ProcessResult r = RunTimeit(
      {"compare", "--csv", "s.csv", "--json", "s.json", "--html", "s.html", "O2.csv", "O0.csv"}, "",
      dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto row = SummaryRow(ReadFile(dir.path() / "s.csv"), "real", "O0");
  const double low = std::stod(row.at("ci_low_percent"));
  const double high = std::stod(row.at("ci_high_percent"));
  const double estimate = std::stod(row.at("difference_percent"));
  EXPECT_NEAR(low, (RValue("three_times", "lower") - 1) * 100, 1e-6);
  EXPECT_NEAR(high, (RValue("three_times", "upper") - 1) * 100, 1e-6);
  EXPECT_NEAR(estimate, (RValue("three_times", "estimate") - 1) * 100, 1e-9);
  // Wider than Welch's interval of the difference over the baseline's mean
  // (what this summary printed before), and longer above the estimate.
  const double divided =
      (RValue("three_times", "divided_upper") - RValue("three_times", "divided_lower")) * 100;
  EXPECT_GT(high - low, 1.2 * divided);
  EXPECT_GT(high - estimate, estimate - low);
  // The text gives both ends, as they round, and the verdict they say.
  const std::string line =
      fmt::format("+{:.1f}% (+{:.1f}% .. +{:.1f}%)  worse\n", estimate, low, high);
  EXPECT_NE(r.out.find(line), std::string::npos) << line << r.out;
  const std::string json = ReadFile(dir.path() / "s.json");
  EXPECT_NE(json.find(fmt::format("\"ci_low_percent\": {}", low)), std::string::npos) << json;
  EXPECT_NE(json.find(fmt::format("\"ci_high_percent\": {}", high)), std::string::npos) << json;
  const std::string html = ReadFile(dir.path() / "s.html");
  EXPECT_NE(html.find(fmt::format("data-ci-low=\"{}\" data-ci-high=\"{}\"", low, high)),
            std::string::npos);
}

// A count whose baseline mean its own interval does not tell from 0 has no
// bounded ratio: the summary gives the difference in the values' unit, from
// the baseline's mean, with Welch's interval the verdict was read from; the
// exports leave the interval's percentages empty and give that interval in
// the values' unit (ci_low, ci_high), as R's t.test finds it.
TEST(CompareRatioTest, BaselineNotToldFromZeroGivesTheDifference) {
  TempDir dir;
  const auto [baseline, x] = CaseCsvs("baseline_near_zero");
  dir.Write("a.csv", std::regex_replace(baseline, std::regex("real"), "cpu-migrations"));
  dir.Write("b.csv", std::regex_replace(x, std::regex("real"), "cpu-migrations"));
  const ProcessResult r = RunTimeit(
      {"compare", "--csv", "s.csv", "--json", "s.json", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\ncpu-migrations +lower +0\\.5 +[0-9.]+ +"
                                                  "\\+[0-9.]+ \\+/- [0-9.]+ \\(from 0\\.5\\)  "
                                                  "worse\n")))
      << r.out;
  const auto row = SummaryRow(ReadFile(dir.path() / "s.csv"), "cpu-migrations", "b");
  EXPECT_EQ(row.at("ci_low_percent"), "");
  EXPECT_EQ(row.at("ci_high_percent"), "");
  EXPECT_NE(row.at("difference_percent"), "");
  // ratio_r.csv's divided_* are 1 + t.test's conf.int / mean(baseline).
  const double mean_baseline = std::stod(row.at("mean_baseline"));
  const double low = (RValue("baseline_near_zero", "divided_lower") - 1) * mean_baseline;
  const double high = (RValue("baseline_near_zero", "divided_upper") - 1) * mean_baseline;
  EXPECT_NEAR(std::stod(row.at("ci_low")), low, 1e-9 * (high - low));
  EXPECT_NEAR(std::stod(row.at("ci_high")), high, 1e-9 * (high - low));
  const std::string json = ReadFile(dir.path() / "s.json");
  EXPECT_NE(json.find(fmt::format("\"ci_low\": {}, \"ci_high\": {}", row.at("ci_low"),
                                  row.at("ci_high"))),
            std::string::npos)
      << json;
}

}  // namespace
}  // namespace timeit::testing
