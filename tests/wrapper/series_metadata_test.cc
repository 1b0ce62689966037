#include "wrapper/results/series_metadata.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "platforms/cpu_info.h"
#include "platforms/machine.h"
#include "platforms/platform.h"
#include "tests/test_paths.h"

namespace timeit {
namespace {

/// The machine as the run command reads it, from the roots the environment names.
platforms::Machine EnvironmentMachine() {
  return platforms::ReadMachine(platforms::SystemRootsFromEnvironment());
}

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
  const SeriesMetadata m = GatherSeriesMetadata(EnvironmentMachine(), {"make", "-j8"}, false);
  EXPECT_EQ(m.cpu_model, "implementer 0x41 part 0xd0c");
  EXPECT_EQ(m.platform, "neoverse-n1");
  EXPECT_EQ(m.command, "make -j8");
}

TEST(SeriesMetadataTest, UnknownCpuGetsTheGenericPlatform) {
  // An Intel family this build has no table for.
  const CpuinfoFile unknown("unknown-intel.cpuinfo");
  const SeriesMetadata m = GatherSeriesMetadata(EnvironmentMachine(), {"true"}, false);
  EXPECT_EQ(m.cpu_model, "Intel(R) Imaginary(TM) CPU");
  EXPECT_EQ(m.platform, "generic");
}

TEST(SeriesMetadataTest, UnreadableCpuinfoLeavesTheModelEmpty) {
  const CpuinfoFile missing("no-such.cpuinfo");
  const SeriesMetadata m = GatherSeriesMetadata(EnvironmentMachine(), {"true"}, false);
  EXPECT_EQ(m.cpu_model, "");
  EXPECT_EQ(m.platform, "generic");
}

TEST(SeriesMetadataTest, ShellCommandIsRecordedAsGiven) {
  EXPECT_EQ(GatherSeriesMetadata(EnvironmentMachine(), {"make && make install"}, true).command,
            "make && make install");
}

TEST(SeriesMetadataTest, ConditionsFromTheRootsInTheEnvironment) {
  const std::string machine =
      std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/machines/server-amd-acpi-cpufreq";
  ::setenv("TIMEIT_PROC_ROOT", (machine + "/proc").c_str(), 1);
  ::setenv("TIMEIT_SYS_ROOT", (machine + "/sys").c_str(), 1);
  const SeriesMetadata m = GatherSeriesMetadata(EnvironmentMachine(), {"true"}, false);
  ::unsetenv("TIMEIT_PROC_ROOT");
  ::unsetenv("TIMEIT_SYS_ROOT");
  EXPECT_EQ(m.conditions.governor, "performance");
  EXPECT_EQ(SeriesCell(m, "boost"), "off");
  EXPECT_EQ(SeriesCell(m, "microcode"), "0xa0011d1");
  EXPECT_EQ(SeriesCell(m, "command"), "true");
  EXPECT_EQ(SeriesCell(m, "no_such_column"), "");
}

// One Machine, read once from a fixture machine's trees, is what the
// metadata and the conditions both describe: its CPU's model, platform and
// microcode and its online CPUs, the same as the trees' own files say, even
// after those files are gone (nothing reads them again).
TEST(SeriesMetadataTest, OneMachineGivesTheMetadataAndTheConditionsItsCpu) {
  namespace fs = std::filesystem;
  const fs::path fixture =
      fs::path(TIMEIT_SOURCE_DIR) / "tests/platforms/data/machines/server-amd-acpi-cpufreq";
  const fs::path tree =
      fs::temp_directory_path() / ("timeit_machine_" + std::to_string(::getpid()));
  fs::remove_all(tree);
  fs::copy(fixture, tree, fs::copy_options::recursive);
  const platforms::SystemRoots roots =
      platforms::OtherMachineRoots((tree / "proc").string(), (tree / "sys").string());
  const platforms::Machine machine = platforms::ReadMachine(roots);
  const std::optional<platforms::CpuInfo> cpu = platforms::ReadCpuInfo(roots);
  const platforms::Conditions read_alone = platforms::ReadConditions(roots);
  fs::remove(tree / "proc/cpuinfo");
  fs::remove(tree / "sys/devices/system/cpu/online");
  const SeriesMetadata m = GatherSeriesMetadata(machine, {"true"}, false);
  fs::remove_all(tree);

  ASSERT_TRUE(cpu.has_value());
  EXPECT_EQ(m.cpu_model, platforms::CpuModel(*cpu));
  EXPECT_EQ(m.cpu_model, "AMD EPYC 7713 64-Core Processor");
  EXPECT_EQ(m.platform, platforms::GetPlatformInfo(platforms::IdentifyPlatform(*cpu)).name);
  EXPECT_EQ(m.platform, "zen3");
  EXPECT_EQ(m.conditions.microcode, cpu->microcode);
  EXPECT_EQ(m.conditions.microcode, "0xa0011d1");
  EXPECT_EQ(m.conditions.cpus_online, "0-127");
  EXPECT_EQ(machine.online.cpus.size(), 128u);
  // Every condition as ReadConditions of the same trees has it.
  for (const platforms::ConditionField& f : platforms::ConditionFields())
    EXPECT_EQ(m.conditions.*f.value, read_alone.*f.value) << f.name;
}

}  // namespace
}  // namespace timeit
