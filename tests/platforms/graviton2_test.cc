// AWS Graviton2 (Arm Neoverse N1) from its /proc/cpuinfo, on any host: the
// detector reads a file, so an amd64 CI machine proves it as well as an
// arm64 one (scripts/test-arm64.sh runs this under qemu-aarch64 too).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "platforms/cpu_info.h"
#include "platforms/event_tables.h"
#include "platforms/metrics.h"
#include "platforms/platform.h"
#include "tests/test_paths.h"

namespace timeit::platforms {
namespace {

/// The whole file of an m6g.16xlarge: 64 identical Neoverse N1 r3p1 cores.
std::string Graviton2Cpuinfo() {
  return std::string(TIMEIT_TEST_DATA_DIR) + "/data/graviton2-m6g.16xlarge.cpuinfo";
}

/// One arm64 processor block, as the kernel prints it.
std::string ArmBlock(std::string_view implementer, std::string_view part) {
  return "processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: fp asimd cpuid\nCPU implementer\t: " +
         std::string(implementer) +
         "\nCPU architecture: 8\nCPU variant\t: 0x1\nCPU part\t: " + std::string(part) +
         "\nCPU revision\t: 0\n\n";
}

TEST(Graviton2Test, DetectedFromAWholeM6g16xlargeCpuinfo) {
  const auto cpu = ReadCpuInfo(Graviton2Cpuinfo());
  ASSERT_TRUE(cpu.has_value()) << Graviton2Cpuinfo();
  EXPECT_EQ(cpu->arch, "arm64");
  EXPECT_EQ(cpu->implementer, 0x41);
  EXPECT_EQ(cpu->part, 0xd0c);
  EXPECT_EQ(cpu->family, -1);  // x86 fields stay unset on arm64
  EXPECT_EQ(cpu->model, -1);

  const PlatformId id = IdentifyPlatform(*cpu);
  EXPECT_EQ(id, PlatformId::kNeoverseN1);
  const PlatformInfo& info = GetPlatformInfo(id);
  EXPECT_EQ(info.name, "neoverse-n1");
  EXPECT_EQ(info.alias, "graviton2");
  EXPECT_EQ(info.pfm_pmu, "arm_n1");
}

TEST(Graviton2Test, BothNamesSelectTheN1Table) {
  EXPECT_EQ(FindPlatform("graviton2"), PlatformId::kNeoverseN1);
  EXPECT_EQ(FindPlatform("neoverse-n1"), PlatformId::kNeoverseN1);
}

/// Other Arm server cores must not get the N1 table: their PMUs number
/// events differently beyond the architected ones, and libpfm4 4.13 has
/// no table for some of them.
TEST(Graviton2Test, OtherArmCoresAreNotNeoverseN1) {
  struct Core {
    const char* what;
    const char* implementer;
    const char* part;
  };
  for (const Core& c :
       {Core{"Graviton1, Cortex-A72", "0x41", "0xd08"},
        Core{"Graviton3, Neoverse V1", "0x41", "0xd40"},
        Core{"Graviton4, Neoverse V2", "0x41", "0xd4f"}, Core{"Neoverse N2", "0x41", "0xd49"},
        Core{"AmpereOne (implementer 0xc0)", "0xc0", "0xac3"},
        Core{"implementer 0x43 (Cavium) with the N1 part number", "0x43", "0xd0c"}}) {
    const CpuInfo cpu = ParseCpuInfo(ArmBlock(c.implementer, c.part));
    EXPECT_EQ(cpu.arch, "arm64") << c.what;
    EXPECT_NE(IdentifyPlatform(cpu), PlatformId::kNeoverseN1) << c.what;
  }
  // Ampere Altra is an N1 too, and gets the same table.
  EXPECT_EQ(IdentifyPlatform(ParseCpuInfo(ArmBlock("0x41", "0xd0c"))), PlatformId::kNeoverseN1);
}

/// Every platform event of the N1 table names libpfm4's arm_n1 PMU, so it
/// encodes the same on any host (tests/counters/n1_encoding_test.cc), and
/// every metric still ends in a kernel generic event for EC2 sizes whose
/// PMU hides part of the events.
TEST(Graviton2Test, TableNamesTheArmN1PmuAndFallsBackToGenericEvents) {
  const std::string pmu(GetPlatformInfo(PlatformId::kNeoverseN1).pfm_pmu);
  for (const MetricInfo& m : AllMetrics()) {
    for (const std::string& event : PlatformEvents(PlatformId::kNeoverseN1, m.metric)) {
      EXPECT_EQ(event.rfind(pmu + "::", 0), 0u) << m.name << ": " << event;
    }
    const auto chain = EventChain(PlatformId::kNeoverseN1, m.metric);
    ASSERT_FALSE(chain.empty()) << m.name;
    if (m.metric == Metric::kExcSvc) continue;  // no generic event counts SVCs
    EXPECT_EQ(chain.back().find("::"), std::string::npos) << m.name << ": " << chain.back();
  }
}

}  // namespace
}  // namespace timeit::platforms
