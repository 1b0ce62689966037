#include "platforms/platform.h"

#include <gtest/gtest.h>

#include <string>

#include "platforms/cpu_info.h"
#include "platforms/kernel_pmus.h"

namespace timeit::platforms {
namespace {

std::string Fixture(const std::string& name) {
  return std::string(TIMEIT_TEST_DATA_DIR) + "/data/" + name;
}

TEST(CpuInfoTest, ParsesGraviton2) {
  const auto cpu = ReadCpuInfo(Fixture("graviton2.cpuinfo"));
  ASSERT_TRUE(cpu.has_value());
  EXPECT_EQ(cpu->arch, "arm64");
  EXPECT_EQ(cpu->implementer, 0x41);
  EXPECT_EQ(cpu->part, 0xd0c);
  EXPECT_EQ(IdentifyPlatform(*cpu), PlatformId::kNeoverseN1);
  EXPECT_EQ(GetPlatformInfo(PlatformId::kNeoverseN1).name, "neoverse-n1");
}

TEST(CpuInfoTest, ParsesPentiumD) {
  const auto cpu = ReadCpuInfo(Fixture("pentium-d.cpuinfo"));
  ASSERT_TRUE(cpu.has_value());
  EXPECT_EQ(cpu->vendor, "GenuineIntel");
  EXPECT_EQ(cpu->family, 15);
  EXPECT_EQ(cpu->model, 6);
  EXPECT_EQ(cpu->stepping, 4);
  EXPECT_EQ(IdentifyPlatform(*cpu), PlatformId::kPentiumD);
}

TEST(CpuInfoTest, IdentifiesSkylakeAndZen3) {
  EXPECT_EQ(IdentifyPlatform(*ReadCpuInfo(Fixture("skylake.cpuinfo"))), PlatformId::kSkylake);
  EXPECT_EQ(IdentifyPlatform(*ReadCpuInfo(Fixture("zen3.cpuinfo"))), PlatformId::kZen3);
}

TEST(CpuInfoTest, MissingFileIsNullopt) {
  EXPECT_FALSE(ReadCpuInfo(Fixture("no-such.cpuinfo")).has_value());
}

TEST(IdentifyTest, ModelTable) {
  auto intel = [](int family, int model, int stepping = 0) {
    CpuInfo c;
    c.arch = "x86";
    c.vendor = "GenuineIntel";
    c.family = family;
    c.model = model;
    c.stepping = stepping;
    return IdentifyPlatform(c);
  };
  auto amd = [](int family, int model) {
    CpuInfo c;
    c.arch = "x86";
    c.vendor = "AuthenticAMD";
    c.family = family;
    c.model = model;
    return IdentifyPlatform(c);
  };
  EXPECT_EQ(intel(15, 2), PlatformId::kPentium4);
  EXPECT_EQ(intel(15, 4), PlatformId::kPentiumD);
  EXPECT_EQ(intel(6, 0x2a), PlatformId::kSandyBridge);
  EXPECT_EQ(intel(6, 0x3d), PlatformId::kBroadwell);
  EXPECT_EQ(intel(6, 0x55, 4), PlatformId::kSkylakeX);
  EXPECT_EQ(intel(6, 0x55, 7), PlatformId::kCascadeLake);
  EXPECT_EQ(intel(6, 0x7e), PlatformId::kIcelake);
  EXPECT_EQ(intel(6, 0x8f), PlatformId::kSapphireRapids);
  EXPECT_EQ(intel(6, 0x97), PlatformId::kGeneric);  // Alder Lake: no table in libpfm4 4.13
  EXPECT_EQ(amd(0x17, 0x01), PlatformId::kZen1);
  EXPECT_EQ(amd(0x17, 0x31), PlatformId::kZen2);
  EXPECT_EQ(amd(0x19, 0x01), PlatformId::kZen3);
  EXPECT_EQ(amd(0x19, 0x11), PlatformId::kZen4);
  EXPECT_EQ(amd(0x19, 0x61), PlatformId::kZen4);
  EXPECT_EQ(amd(0x10, 0x02), PlatformId::kGeneric);
}

TEST(PlatformTest, NamesAndAliasesResolve) {
  for (const char* name : {"graviton2", "neoverse-n1", "pentium4", "pentium-d", "skylake",
                           "icelake", "sapphire-rapids", "zen2", "zen3", "zen4", "generic"}) {
    EXPECT_TRUE(FindPlatform(name).has_value()) << name;
  }
  EXPECT_EQ(FindPlatform("graviton2"), PlatformId::kNeoverseN1);
  EXPECT_FALSE(FindPlatform("vax").has_value());
}

TEST(KernelPmusTest, ReadsThisMachine) {
  const auto pmus = ReadKernelPmus();
  // Every Linux kernel with perf_event registers these two.
  bool software = false, tracepoint = false;
  for (const KernelPmu& p : pmus) {
    if (p.name == "software") software = p.type == 1;
    if (p.name == "tracepoint") tracepoint = p.type == 2;
  }
  EXPECT_TRUE(software);
  EXPECT_TRUE(tracepoint);
  EXPECT_FALSE(HasHardwareCpuPmu({{"software", 1}, {"tracepoint", 2}}));
  EXPECT_TRUE(HasHardwareCpuPmu({{"armv8_pmuv3_0", 8}}));
  EXPECT_TRUE(HasHardwareCpuPmu({{"cpu", 4}}));
  EXPECT_TRUE(ReadKernelPmus("/nonexistent").empty());
}

}  // namespace
}  // namespace timeit::platforms
