// The unit each metric is shown in (wrapper/results/metric_units.h), against
// the units docs/csv-format.md gives the CSV's columns.
#include "wrapper/results/metric_units.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

TEST(MetricUnitsTest, TimesInSecondsWhateverTheCsvHoldsThemIn) {
  EXPECT_EQ(DisplayUnitOf("real").unit, "s");
  EXPECT_EQ(DisplayUnitOf("real").per_csv_unit, 1);
  EXPECT_EQ(DisplayUnitOf("task-clock").unit, "s");
  EXPECT_EQ(DisplayUnitOf("task-clock").per_csv_unit, 1e-9);  // nanoseconds in the CSV
  EXPECT_EQ(DisplayUnitOf("task-clock:u").per_csv_unit, 1e-9);
  EXPECT_EQ(DisplayUnitOf("cgroup-sys@server").per_csv_unit, 1e-6);  // microseconds
  EXPECT_EQ(DisplayUnitOf("cpu_time").unit, "s");
}

TEST(MetricUnitsTest, MemoryInKibibytesAndCountsWithoutAUnit) {
  EXPECT_EQ(WithUnit("maxrss"), "maxrss (KiB)");
  EXPECT_EQ(WithUnit("mem-peak"), "mem-peak (KiB)");
  EXPECT_EQ(WithUnit("io-read"), "io-read (B)");
  EXPECT_EQ(WithUnit("syscalls"), "syscalls");
  EXPECT_EQ(WithUnit("score"), "score");  // a --metric: its unit is the user's
  EXPECT_EQ(WithUnit("cycles:u"), "cycles:u");
  EXPECT_EQ(DisplayUnitOf("minflt").per_csv_unit, 1);
}

}  // namespace
}  // namespace timeit
