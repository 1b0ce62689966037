#include "wrapper/results/series_metadata.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

namespace timeit {
namespace {

TEST(SeriesMetadataTest, CpuModelOnX86AndArm) {
  EXPECT_EQ(
      CpuModelFromCpuinfo("processor\t: 0\nmodel name\t: Intel(R) Pentium(R) D CPU 3.00GHz\n"),
      "Intel(R) Pentium(R) D CPU 3.00GHz");
  EXPECT_EQ(CpuModelFromCpuinfo("processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n"),
            "implementer 0x41 part 0xd0c");
  EXPECT_EQ(CpuModelFromCpuinfo(""), "");
}

TEST(SeriesMetadataTest, CommandLineIsQuotedForAShell) {
  EXPECT_EQ(ShellQuoteCommand({"make", "-j64", "buildkernel"}), "make -j64 buildkernel");
  EXPECT_EQ(ShellQuoteCommand({"sh", "-c", "echo it's"}), "sh -c 'echo it'\\''s'");
  EXPECT_EQ(ShellQuoteCommand({""}), "''");
}

TEST(SeriesMetadataTest, GatheredOnceWithPlatformDefault) {
  const SeriesMetadata m = GatherSeriesMetadata({"make", "-j8"}, false);
  EXPECT_FALSE(m.kernel_release.empty());
  EXPECT_FALSE(m.platform.empty());
  EXPECT_EQ(m.command, "make -j8");
  EXPECT_EQ(GatherSeriesMetadata({"make && make install"}, true).command, "make && make install");
}

TEST(SeriesMetadataTest, ConditionsFromTheRootsInTheEnvironment) {
  const std::string machine =
      std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/machines/server-amd-acpi-cpufreq";
  ::setenv("TIMEIT_PROC_ROOT", (machine + "/proc").c_str(), 1);
  ::setenv("TIMEIT_SYS_ROOT", (machine + "/sys").c_str(), 1);
  const SeriesMetadata m = GatherSeriesMetadata({"true"}, false);
  ::unsetenv("TIMEIT_PROC_ROOT");
  ::unsetenv("TIMEIT_SYS_ROOT");
  EXPECT_EQ(m.conditions.governor, "performance");
  EXPECT_EQ(SeriesCell(m, "boost"), "off");
  EXPECT_EQ(SeriesCell(m, "microcode"), "0xa0011d1");
  EXPECT_EQ(SeriesCell(m, "command"), "true");
  EXPECT_EQ(SeriesCell(m, "no_such_column"), "");
}

}  // namespace
}  // namespace timeit
