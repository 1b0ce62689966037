// A metric's direction has one home, the results' vocabulary
// (wrapper/results/metric_columns.h); compare takes it from there. This
// program links compare alone (tests/wrapper/CMakeLists.txt), so that
// compare_links_no_counters can show that compare needs neither the
// counters nor libpfm4 and elfutils.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "wrapper/compare/load_sets.h"
#include "wrapper/compare/sets/compare_sets.h"
#include "wrapper/results/metric_columns.h"

namespace timeit {
namespace {

TEST(MetricDirectionTest, CompareTakesEachDerivedMetricsDirectionFromTheResults) {
  for (const DerivedMetric& m : kDerivedMetrics) {
    const std::string name(m.name);
    EXPECT_EQ(LowerIsBetter(name), !m.higher_is_better) << name;
    EXPECT_EQ(LowerIsBetter(name + std::string(kUserModeSuffix)), !m.higher_is_better) << name;
  }
  EXPECT_TRUE(HigherIsBetterByName("ipc:u"));
  EXPECT_FALSE(HigherIsBetterByName("icache-mpki:u"));
  // Another mode or a target is not the derived metric's name.
  EXPECT_FALSE(HigherIsBetterByName("ipc:k"));
  EXPECT_FALSE(HigherIsBetterByName("ipc@server"));
  for (std::string_view c : kResourceUsageColumns) EXPECT_FALSE(HigherIsBetterByName(c)) << c;
  for (std::string_view c : kCgroupColumns) EXPECT_FALSE(HigherIsBetterByName(c)) << c;
}

// A results CSV's series declare the rest: a metric its `higher_is_better`
// cell names is better higher, the derived ones by their names, the others
// lower; a `.running` column is no metric.
TEST(MetricDirectionTest, AResultsFileDeclaresItsOwnMetricsDirection) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("metric_direction_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  // Removed however the test ends (LoadCompareSets throws on bad input).
  const struct Cleanup {
    std::filesystem::path dir;
    ~Cleanup() { std::filesystem::remove_all(dir); }
  } cleanup{dir};
  const std::string a = (dir / "a.csv").string();
  std::ofstream(a) << "label,run,real,cycles:u," << RunningColumn("cycles:u")
                   << ",ipc:u,qps,higher_is_better\n"
                      "a,1,1.0,100,1,1.5,300,qps\n"
                      "a,2,1.1,110,1,1.4,310,qps\n"
                      "b,1,1.2,120,1,1.3,280,qps\n"
                      "b,2,1.3,130,1,1.2,290,qps\n";
  std::vector<std::string> notes;
  const CompareInput in = LoadCompareSets({a}, notes);
  ASSERT_EQ(in.sets.size(), 2u);
  EXPECT_FALSE(in.sets[0].metrics.contains(RunningColumn("cycles:u")));
  EXPECT_TRUE(LowerIsBetter(in, "real"));
  EXPECT_TRUE(LowerIsBetter(in, "cycles:u"));
  EXPECT_FALSE(LowerIsBetter(in, "ipc:u"));
  EXPECT_FALSE(LowerIsBetter(in, "qps"));
}

}  // namespace
}  // namespace timeit
