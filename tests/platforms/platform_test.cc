#include "platforms/platform.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <utility>

#include "platforms/cpu_info.h"
#include "platforms/kernel_pmus.h"
#include "platforms/machine.h"
#include "tests/test_paths.h"

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

// The fixtures of 32-bit era CPUs are /proc/cpuinfo files their owners
// posted (each file's comment says where); family and model pick the table.
TEST(CpuInfoTest, IdentifiesThirtyTwoBitEraCpus) {
  const std::pair<const char*, PlatformId> fixtures[] = {
      {"pentium-pro.cpuinfo", PlatformId::kPentiumPro},
      {"pentium2.cpuinfo", PlatformId::kPentium2},
      {"pentium3.cpuinfo", PlatformId::kPentium3},
      {"pentium-m.cpuinfo", PlatformId::kPentiumM},
      {"core-duo.cpuinfo", PlatformId::kCoreDuo},
      {"pentium4.cpuinfo", PlatformId::kPentium4},
      {"pentium-d.cpuinfo", PlatformId::kPentiumD},
  };
  for (const auto& [file, platform] : fixtures) {
    const auto cpu = ReadCpuInfo(Fixture(file));
    ASSERT_TRUE(cpu.has_value()) << file;
    EXPECT_EQ(cpu->vendor, "GenuineIntel") << file;
    EXPECT_EQ(IdentifyPlatform(*cpu), platform)
        << file << ": family " << cpu->family << " model " << cpu->model;
  }
  // The comment lines are not read as keys: the first block's values win.
  const auto m = ReadCpuInfo(Fixture("pentium-m.cpuinfo"));
  EXPECT_EQ(m->family, 6);
  EXPECT_EQ(m->model, 13);
  EXPECT_EQ(m->stepping, 6);
  EXPECT_EQ(m->model_name, "Intel(R) Pentium(R) M processor 1.60GHz");
}

TEST(CpuInfoTest, CpuModelIsTheModelNameOrImplementerAndPart) {
  EXPECT_EQ(CpuModel(*ReadCpuInfo(Fixture("pentium-d.cpuinfo"))),
            "Intel(R) Pentium(R) D CPU 3.40GHz");
  // arm64 has no "model name" line.
  EXPECT_EQ(CpuModel(*ReadCpuInfo(Fixture("graviton2.cpuinfo"))), "implementer 0x41 part 0xd0c");
  EXPECT_EQ(CpuModel(ParseCpuInfo("")), "");
}

TEST(CpuInfoTest, PathIsTimeitCpuinfoWhenSet) {
  const char* old = std::getenv("TIMEIT_CPUINFO");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("TIMEIT_CPUINFO", Fixture("graviton2.cpuinfo").c_str(), 1);
  EXPECT_EQ(SystemRootsFromEnvironment().CpuInfoPath(), Fixture("graviton2.cpuinfo"));
  EXPECT_EQ(ReadMachine(SystemRootsFromEnvironment()).platform, PlatformId::kNeoverseN1);
  ::setenv("TIMEIT_CPUINFO", "", 1);
  EXPECT_EQ(SystemRootsFromEnvironment().CpuInfoPath(), "/proc/cpuinfo");
  ::unsetenv("TIMEIT_CPUINFO");
  EXPECT_EQ(SystemRootsFromEnvironment().CpuInfoPath(), "/proc/cpuinfo");
  if (old != nullptr) ::setenv("TIMEIT_CPUINFO", saved.c_str(), 1);
}

// Without an override the cpuinfo is the proc root's, so that the platform
// and the conditions of one fixture tree describe one machine.
TEST(CpuInfoTest, PathFollowsTheProcRoot) {
  SystemRoots roots;
  roots.proc = "/x/proc";
  EXPECT_EQ(roots.CpuInfoPath(), "/x/proc/cpuinfo");
  roots.cpuinfo = "/y/cpuinfo";
  EXPECT_EQ(roots.CpuInfoPath(), "/y/cpuinfo");
}

TEST(CpuInfoTest, MicrocodeAndFlagsOfTheFirstCpu) {
  const CpuInfo cpu = ParseCpuInfo(
      "processor\t: 0\nmicrocode\t: 0xf4\r\nflags\t\t: fpu vme hypervisor\n\n"
      "processor\t: 1\nmicrocode\t: 0xf5\nflags\t\t: fpu\n");
  EXPECT_EQ(cpu.microcode, "0xf4");
  EXPECT_EQ(cpu.flags, "fpu vme hypervisor");
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
  EXPECT_EQ(intel(6, 1), PlatformId::kPentiumPro);
  EXPECT_EQ(intel(6, 3), PlatformId::kPentium2);
  EXPECT_EQ(intel(6, 6), PlatformId::kPentium2);  // Celeron Mendocino
  EXPECT_EQ(intel(6, 7), PlatformId::kPentium3);
  EXPECT_EQ(intel(6, 11), PlatformId::kPentium3);  // Tualatin
  EXPECT_EQ(intel(6, 9), PlatformId::kPentiumM);   // Banias
  EXPECT_EQ(intel(6, 13), PlatformId::kPentiumM);  // Dothan
  EXPECT_EQ(intel(6, 14), PlatformId::kCoreDuo);   // Yonah
  EXPECT_EQ(intel(6, 15), PlatformId::kCore2);     // Merom, the next model
  EXPECT_EQ(intel(6, 12), PlatformId::kGeneric);   // no such P6 model
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
                           "icelake", "sapphire-rapids", "zen2", "zen3", "zen4", "generic",
                           "pentium-pro", "pentium2", "pentium3", "p6", "pentium-m", "core-duo"}) {
    EXPECT_TRUE(FindPlatform(name).has_value()) << name;
  }
  EXPECT_EQ(FindPlatform("p6"), PlatformId::kPentium3);  // libpfm4's name for its PIII table
  EXPECT_EQ(FindPlatform("graviton2"), PlatformId::kNeoverseN1);
  EXPECT_FALSE(FindPlatform("vax").has_value());
}

// Only the P6 family, Pentium M and Core Duo need libpfm4's i386 build;
// NetBurst is in every x86 build (encoding_tables_test checks this against
// the real library).
TEST(PlatformTest, I386OnlyTables) {
  std::string i386_only;
  for (const PlatformInfo& p : AllPlatforms()) {
    if (p.pfm_i386_only) i386_only += std::string(p.name) + " ";
  }
  EXPECT_EQ(i386_only, "pentium-pro pentium2 pentium3 pentium-m core-duo ");
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
