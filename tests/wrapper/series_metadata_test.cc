#include "tests/test_paths.h"
#include "wrapper/results/series_metadata.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

#include <cstdlib>
#include <optional>
#include <string>

namespace timeit {
namespace {

TEST(SeriesMetadataTest, CommandLineIsQuotedForAShell) {
  EXPECT_EQ(ShellQuoteCommand({"make", "-j64", "buildkernel"}), "make -j64 buildkernel");
  EXPECT_EQ(ShellQuoteCommand({"sh", "-c", "echo it's"}), "sh -c 'echo it'\\''s'");
  EXPECT_EQ(ShellQuoteCommand({""}), "''");
}

/// Sets $TIMEIT_CPUINFO for the scope of a test, restoring it afterwards.
class CpuinfoFile {
 public:
  explicit CpuinfoFile(const std::string& name) {
    if (const char* old = std::getenv("TIMEIT_CPUINFO")) saved_ = old;
    const std::string path = std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/" + name;
    ::setenv("TIMEIT_CPUINFO", path.c_str(), 1);
  }
  ~CpuinfoFile() {
    if (saved_)
      ::setenv("TIMEIT_CPUINFO", saved_->c_str(), 1);
    else
      ::unsetenv("TIMEIT_CPUINFO");
  }

 private:
  std::optional<std::string> saved_;
};

TEST(SeriesMetadataTest, CpuModelAndPlatformComeFromTheSameCpuinfo) {
  const CpuinfoFile graviton2("graviton2.cpuinfo");
  const SeriesMetadata m = GatherSeriesMetadata({"make", "-j8"}, false);
  EXPECT_EQ(m.cpu_model, "implementer 0x41 part 0xd0c");
  EXPECT_EQ(m.platform, "neoverse-n1");
  EXPECT_EQ(m.command, "make -j8");
}

TEST(SeriesMetadataTest, UnknownCpuGetsTheGenericPlatform) {
  // An Intel family this build has no table for.
  const CpuinfoFile unknown("unknown-intel.cpuinfo");
  const SeriesMetadata m = GatherSeriesMetadata({"true"}, false);
  EXPECT_EQ(m.cpu_model, "Intel(R) Imaginary(TM) CPU");
  EXPECT_EQ(m.platform, "generic");
}

TEST(SeriesMetadataTest, UnreadableCpuinfoLeavesTheModelEmpty) {
  const CpuinfoFile missing("no-such.cpuinfo");
  const SeriesMetadata m = GatherSeriesMetadata({"true"}, false);
  EXPECT_EQ(m.cpu_model, "");
  EXPECT_EQ(m.platform, "generic");
}

TEST(SeriesMetadataTest, ShellCommandIsRecordedAsGiven) {
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
