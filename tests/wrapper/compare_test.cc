// compare's pieces: option parsing, metric order and direction, verdicts,
// the interleaved schedule of --config, the summary table and CSV.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/compare/compare_options.h"
#include "wrapper/compare/export/summary_csv.h"
#include "wrapper/compare/report/summary.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/compare/verdicts/report_cells.h"
#include "wrapper/run/config_series.h"
#include "wrapper/run/run_options.h"

namespace timeit {
namespace {

CompareOptions ParseCompare(std::vector<std::string> words) {
  words.insert(words.begin(), "compare");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  return ParseCompareOptions(static_cast<int>(argv.size()), argv.data());
}

TEST(CompareOptionsTest, AttachedSeparateAndAfterFiles) {
  const CompareOptions o = ParseCompare({"a.csv", "-c", "90", "-w80", "-s", "-m", "real,sys",
                                  "--metrics=user", "--csv", "out.csv", "b.csv", "--", "-odd.csv"});
  EXPECT_EQ(o.files, (std::vector<std::string>{"a.csv", "b.csv", "-odd.csv"}));
  EXPECT_EQ(o.report.confidence_percent, 90);
  EXPECT_EQ(o.report.width, 80);
  EXPECT_TRUE(o.width_given);
  EXPECT_TRUE(o.report.separate_bars);
  EXPECT_EQ(o.metrics, (std::vector<std::string>{"real", "sys", "user"}));
  EXPECT_EQ(o.csv, "out.csv");
  EXPECT_FALSE(ParseCompare({"a.csv"}).width_given);
  EXPECT_TRUE(ParseCompare({"--help"}).help);
}

TEST(CompareOptionsTest, BadOptionsAreUsageErrors) {
  for (const auto& words : std::vector<std::vector<std::string>>{{},
                                                                 {"-c", "0", "a"},
                                                                 {"-c", "abc", "a"},
                                                                 {"-w", "1", "a"},
                                                                 {"-m", ",", "a"},
                                                                 {"--csv=", "a"},
                                                                 {"-x", "a"},
                                                                 {"a", "-w"}}) {
    EXPECT_THROW(ParseCompare(words), UsageError) << (words.empty() ? "" : words.front());
  }
}

TEST(CompareMetricsTest, OrderTimesCountersDerivedRest) {
  std::vector<std::string> m = {"maxrss",     "ipc",         "sys",  "weird",
                                "cycles",     "icache-mpki", "real", "mycounter",
                                "syscalls:u", "user",        "ipc:u"};
  MetricOrder(m, {"mycounter"});
  EXPECT_EQ(m, (std::vector<std::string>{"real", "user", "sys", "cycles", "mycounter", "syscalls:u",
                                         "ipc", "ipc:u", "icache-mpki", "maxrss", "weird"}));
}

TEST(CompareMetricsTest, Direction) {
  EXPECT_TRUE(LowerIsBetter("real"));
  EXPECT_TRUE(LowerIsBetter("icache-mpki"));
  EXPECT_TRUE(LowerIsBetter("my_column"));
  EXPECT_FALSE(LowerIsBetter("ipc"));
  EXPECT_FALSE(LowerIsBetter("ipc:u"));
}

std::string Order(const std::vector<ScheduledRun>& schedule) {
  std::string s;
  for (const ScheduledRun& r : schedule)
    s += static_cast<char>('A' + r.config) + std::to_string(r.index) + " ";
  return s;
}

TEST(InterleavedScheduleTest, AlternateRoundsWarmupFirst) {
  EXPECT_EQ(Order(InterleavedSchedule(2, 1, 2, false, 0)), "A0 B0 A1 B1 A2 B2 ");
  EXPECT_EQ(Order(InterleavedSchedule(3, 0, 1, false, 0)), "A0 B0 C0 ");
}

TEST(InterleavedScheduleTest, RandomIsSeededAndBalanced) {
  const auto a = InterleavedSchedule(4, 1, 9, true, 1234);
  EXPECT_EQ(Order(a), Order(InterleavedSchedule(4, 1, 9, true, 1234)));
  EXPECT_NE(Order(a), Order(InterleavedSchedule(4, 1, 9, true, 1235)));
  EXPECT_NE(Order(a), Order(InterleavedSchedule(4, 1, 9, false, 0)));
  ASSERT_EQ(a.size(), 40u);
  for (std::size_t round = 0; round < 10; ++round) {
    std::vector<int> configs;
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(a[round * 4 + i].index, static_cast<int>(round));
      configs.push_back(a[round * 4 + i].config);
    }
    std::sort(configs.begin(), configs.end());
    EXPECT_EQ(configs, (std::vector<int>{0, 1, 2, 3}));
  }
}

TEST(ConfigOptionTest, NameAndCommand) {
  EXPECT_EQ(ParseConfigOption("isync=sysctl -w a.b=0"),
            (std::pair<std::string, std::string>{"isync", "sysctl -w a.b=0"}));
  EXPECT_EQ(ParseConfigOption("off="), (std::pair<std::string, std::string>{"off", ""}));
  EXPECT_THROW(ParseConfigOption("nothing"), UsageError);
  EXPECT_THROW(ParseConfigOption("=cmd"), UsageError);
  EXPECT_THROW(ParseConfigOption("a,b=cmd"), UsageError);
}

ComparisonRow Row(const std::string& metric, const std::string& set, double mean, double p) {
  ComparisonRow r;
  r.metric = metric;
  r.baseline = "base";
  r.set = set;
  r.lower_is_better = metric != "ipc";
  r.n_baseline = 5;
  r.n = 4;
  r.mean_baseline = 2;
  r.mean = mean;
  r.difference = mean - 2;
  r.relative = {(mean - 2) * 50, (mean - 2) * 50 - 1, (mean - 2) * 50 + 1};
  r.student_p = p;
  r.welch_p = p;
  r.p = p;
  r.mann_whitney_p = p;
  r.threshold_percent = 1;
  r.verdict = stats::Verdict::kBetter;
  return r;
}

TEST(CompareSummaryTest, TableWithASetColumnForThreeSets) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::string table = FormatSummaryTable(
      {Row("real", "a", 1.5, 0.001), Row("real", "bb", 1.25, nan), Row("ipc", "a", 3, 0.5)}, "base",
      95, 1, /*verbose=*/true);
  EXPECT_EQ(
      table,
      "Summary against base (Welch's t at 95% confidence; changes within 1% do not count)\n"
      "metric    better  set  base mean  mean  difference (95% CI)    t p  Welch p  M-W p  "
      "verdict\n"
      "real (s)  lower   a            2   1.5          -25% +/- 1%  0.001    0.001  0.001  better\n"
      "real (s)  lower   bb           2  1.25        -37.5% +/- 1%      -        -      -  better\n"
      "ipc       higher  a            2     3          +50% +/- 1%    0.5      0.5    0.5  "
      "better\n");
}

TEST(CompareSummaryTest, ShortTableConstantRowsAndSameWithin) {
  ComparisonRow big = Row("cycles", "a", 1, 0.5);
  big.mean_baseline = 65880000;
  big.mean = 65890000;
  big.relative = {0.0152, -0.2, 0.23};
  big.verdict = stats::Verdict::kSame;
  ComparisonRow calls = Row("syscalls", "a", 1, 0.5);
  calls.mean_baseline = 300030;
  calls.mean = 300031;
  calls.constant = true;
  calls.relative = {100.0 / 300030, 100.0 / 300030, 100.0 / 300030};
  calls.verdict = stats::Verdict::kConstant;
  calls.same_as = {"sys_enter"};
  EXPECT_EQ(FormatSummaryTable({big, calls}, "base", 99, 1, false),
            "Summary against base (Welch's t at 99% confidence; changes within 1% do not "
            "count)\n"
            "metric              better  base mean  a mean  difference (99% CI)  verdict\n"
            "cycles              lower      65.88M  65.89M  +0.0152% +/- 0.215%  same within 1%\n"
            "syscalls=sys_enter  lower        300k    300k     +0.000333% exact  constant\n");
}

TEST(CompareNumbersTest, NeverENotation) {
  EXPECT_EQ(SiNumber(65878500), "65.88M");
  EXPECT_EQ(SiNumber(300030), "300k");
  EXPECT_EQ(SiNumber(999999), "1M");
  EXPECT_EQ(SiNumber(2.6492429e+10), "26.49G");
  EXPECT_EQ(SiNumber(12345.6), "12346");
  EXPECT_EQ(SiNumber(10.15), "10.15");
  EXPECT_EQ(SiNumber(0.0123456), "0.01235");
  EXPECT_EQ(SiNumber(0.000123), "0.000123");
  EXPECT_EQ(SiNumber(-2.5), "-2.5");
  EXPECT_EQ(SiNumber(0), "0");
  EXPECT_EQ(ReadablePercent(100.0 / 300030, true), "+0.000333");
  EXPECT_EQ(ReadablePercent(1000.4, true), "+1000");
  EXPECT_EQ(ReadablePercent(-11.2903, true), "-11.3");
  EXPECT_EQ(ReadablePercent(0.5, false), "0.5");
  EXPECT_EQ(ReadablePercent(0, true), "0");
}

TEST(DidYouMeanTest, NearestWithinTwoEdits) {
  const std::vector<std::string> subcommands = {"version", "ministat", "compare", "events"};
  EXPECT_EQ(EditDistance("comapre", "compare"), 1u);  // a swap is one edit
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(Nearest("comapre", subcommands), "compare");
  EXPECT_EQ(Nearest("evnts", subcommands), "events");
  EXPECT_EQ(Nearest("make", subcommands), std::nullopt);
  EXPECT_EQ(Nearest("compare", subcommands), std::nullopt);
  EXPECT_EQ(DidYouMean("cylces", {"real", "cycles"}), "; did you mean 'cycles'?");
  EXPECT_EQ(DidYouMean("ls", subcommands), "");
}

TEST(CompareSummaryTest, CsvHasEmptyCellsForUndefinedNumbers) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(
      FormatSummaryCsv({Row("real", "x,y", 1.5, nan)}),
      "metric,better,baseline,set,n_baseline,n,mean_baseline,mean,difference,difference_percent,"
      "ci_low_percent,ci_high_percent,student_p,welch_p,mann_whitney_p,threshold_percent,"
      "verdict,unit,test,p_value,boots_baseline,boots,boot_share,hosts,host_share,run_share,"
      "ci_low,ci_high\n"
      "real,lower,base,\"x,y\",5,4,2,1.5,-0.5,-25,-26,-24,,,,1,better,s,Welch's t,,1,1,,1,,,,\n");
}

// Sets across boots: the heading names each test in use and a column says
// which decided each row; -v adds the boots, where the model puts the
// variance (no host share over one host) and the model's p; the CSV carries
// the same.
TEST(CompareSummaryTest, MixedModelRowsAcrossBoots) {
  ComparisonRow boots = Row("real", "b", 1.5, 0.02);
  boots.test = stats::MeanTest::kMixedModel;
  boots.boots_baseline = 3;
  boots.boots = 4;
  boots.boot_share = 0.83;
  boots.run_share = 0.17;
  ComparisonRow runs = Row("real", "c", 1.25, 0.001);
  EXPECT_EQ(
      FormatSummaryTable({boots, runs}, "base", 95, 1, /*verbose=*/true),
      "Summary against base (mixed model over boots and Welch's t at 95% confidence; changes "
      "within 1% do not count)\n"
      "metric    better  set  base mean  mean         test  difference (95% CI)  boots            "
      "variance  model p    t p  Welch p  M-W p  verdict\n"
      "real (s)  lower   b            2   1.5  mixed model          -25% +/- 1%    3/4  boot 83% · "
      "run 17%     0.02   0.02     0.02   0.02  better\n"
      "real (s)  lower   c            2  1.25    Welch's t        -37.5% +/- 1%    1/1             "
      "      -        -  0.001    0.001  0.001  better\n");
  boots.difference_low = -0.625;
  boots.difference_high = -0.375;
  EXPECT_NE(
      FormatSummaryCsv({boots}).find(",better,s,mixed model,0.02,3,4,0.83,1,,0.17,-0.625,-0.375\n"),
      std::string::npos);
}

// The cell shows whole percents that add up to 100, as the shares do: the
// largest remainders are rounded up, not each share to its nearest.
TEST(CompareSummaryTest, VarianceSharesAddUpToOneHundredPercent) {
  SeriesDesign thirds;
  thirds.host_share = thirds.boot_share = thirds.run_share = 1.0 / 3;
  EXPECT_EQ(VarianceText(thirds), "host 34% · boot 33% · run 33%");
  SeriesDesign fleet;
  fleet.host_share = 0.4149;
  fleet.boot_share = 0.1251;
  fleet.run_share = 0.46;
  EXPECT_EQ(VarianceText(fleet), "host 41% · boot 13% · run 46%");
  SeriesDesign halves;  // 0.5% each way: both round to 1 alone, 101 in all
  halves.host_share = 0.005;
  halves.boot_share = 0.005;
  halves.run_share = 0.99;
  EXPECT_EQ(VarianceText(halves), "host 1% · boot 0% · run 99%");
  SeriesDesign one_host;
  one_host.boot_share = 0.83;
  one_host.run_share = 0.17;
  EXPECT_EQ(VarianceText(one_host), "boot 83% · run 17%") << "no host share, not 0%";
  EXPECT_EQ(VarianceText(SeriesDesign{}), "-") << "without the model";
}

}  // namespace
}  // namespace timeit
