// The pieces of compare's exports: run numbers and warm-up values kept for
// the charts, the direction read from a file, axis labels, JSON strings; and
// --metric's own parsing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "wrapper/base/errors.h"
#include "wrapper/compare/export/charts.h"
#include "wrapper/compare/export/json_export.h"
#include "wrapper/compare/load_sets.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/sources/output_metric_source.h"

namespace timeit {
namespace {

const char* const kHeader =
    "label,run,warmup,start,status,real,qps,notes,host,kernel_release,kernel_version,cpu_model,"
    "platform,timeit_version,command,higher_is_better\n";

TEST(CompareSetsTest, KeepsRunNumbersWarmupValuesAndDirection) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string a = (dir / "timeit-export-a.csv").string();
  const std::string b = (dir / "timeit-export-b.csv").string();
  std::ofstream(a) << kHeader << "a,1,1,t,0,9.5,100,,h,6.1,#1,c,p,0.1,x,qps\n"
                   << "a,2,0,t,0,1.5,,,h,6.1,#1,c,p,0.1,x,qps\n"
                   << "a,3,0,t,1,7.5,7,,h,6.1,#1,c,p,0.1,x,qps\n"  // failed: left out
                   << "a,4,0,t,0,2.5,300,,h,6.1,#1,c,p,0.1,x,qps\n";
  std::ofstream(b) << "label,real,tps\nb,1,2\nb,2,3\n";  // no run column: positions
  std::vector<std::string> notes;
  const CompareInput in = LoadCompareSets({a, b}, notes);
  const CompareSet& s = in.sets[0];
  EXPECT_EQ(s.run_numbers, (std::vector<long>{2, 4}));
  EXPECT_EQ(s.warmup_run_numbers, (std::vector<long>{1}));
  const MetricSeries& qps = s.metrics.at("qps");
  EXPECT_EQ(qps.values, (std::vector<double>{300}));
  EXPECT_EQ(qps.run_index, (std::vector<std::size_t>{1}));
  EXPECT_EQ(qps.warmup_values, (std::vector<double>{100}));
  EXPECT_EQ(in.sets[1].run_numbers, (std::vector<long>{1, 2}));
  EXPECT_FALSE(LowerIsBetter(in, "qps"));
  EXPECT_TRUE(LowerIsBetter(in, "tps"));
  EXPECT_TRUE(LowerIsBetter(in, "real"));
  const std::string json = FormatHyperfineJson(in, {"real", "qps"});
  EXPECT_NE(json.find("\"qps\": [null, 300.0]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"times\": [1.5, 2.5]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"exit_codes\": [0, 0]"), std::string::npos) << json;
  std::filesystem::remove(a);
  std::filesystem::remove(b);
}

TEST(CompareJsonTest, ReadsBackThroughTheLibraryThatWroteIt) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string a = (dir / "timeit-export-json.csv").string();
  // A label in Latin-1, not UTF-8, and one with quotes and a tab.
  std::ofstream(a) << "label,real,qps\ncaf\xe9,1,2\ncaf\xe9,2,3\n\"say \"\"hi\"\"\tnow\",3,4\n"
                   << "\"say \"\"hi\"\"\tnow\",4,5\n";
  std::vector<std::string> notes;
  const CompareInput in = LoadCompareSets({a}, notes);
  const nlohmann::json j = nlohmann::json::parse(FormatHyperfineJson(in, {"real", "qps"}));
  ASSERT_EQ(j.at("results").size(), 2u);
  EXPECT_EQ(j["results"][0]["command"], "caf\xef\xbf\xbd");  // U+FFFD
  EXPECT_EQ(j["results"][1]["command"], "say \"hi\"\tnow");
  EXPECT_EQ(j["results"][1]["times"], nlohmann::json({3.0, 4.0}));
  EXPECT_EQ(j["results"][0]["metrics"]["qps"], nlohmann::json({2.0, 3.0}));
  EXPECT_TRUE(j["comparison"].is_array());
  std::filesystem::remove(a);
}

TEST(CompareChartsTest, TickLabels) {
  EXPECT_EQ(TickLabel(0.30000000000000004, 0.1), "0.3");
  EXPECT_EQ(TickLabel(1.5e-17, 0.1), "0.0");
  EXPECT_EQ(TickLabel(2, 1), "2");
  EXPECT_EQ(TickLabel(0.0025, 0.0005), "0.0025");
  EXPECT_EQ(TickLabel(300000, 50000), "300k");
  EXPECT_EQ(TickLabel(3.5e9, 5e8), "3.5G");
  EXPECT_EQ(TickLabel(-20000, 10000), "-20k");
  EXPECT_EQ(TickLabel(0, 1e6), "0");
}

TEST(CompareChartsTest, EscapeXmlAndJsonString) {
  EXPECT_EQ(EscapeXml("a<b & \"c\" 'd'\x01"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39; ");
  EXPECT_EQ(JsonString("say \"hi\"\\\n\t\x02"), "\"say \\\"hi\\\"\\\\\\n\\t\\u0002\"");
}

TEST(OutputMetricSpecTest, NameRegexAndDirection) {
  OutputMetricSpec s = ParseOutputMetric("qps=Queries per second: ([0-9.]+),higher");
  EXPECT_EQ(s.name, "qps");
  EXPECT_EQ(s.pattern, "Queries per second: ([0-9.]+)");
  EXPECT_TRUE(s.higher_is_better);
  s = ParseOutputMetric("t=a=(\\d{1,3}),lower");
  EXPECT_EQ(s.pattern, "a=(\\d{1,3})");  // '=' and ',' inside the regex are the regex's
  EXPECT_FALSE(s.higher_is_better);
  EXPECT_FALSE(ParseOutputMetric("build.time=took (\\S+)").higher_is_better);
  for (const char* bad :
       {"qps", "=x(1)", "12=(\\d)", "a b=(\\d)", "x.running=(\\d)", "q=", "q=,higher"})
    EXPECT_THROW(ParseOutputMetric(bad), UsageError) << bad;
}

}  // namespace
}  // namespace timeit
