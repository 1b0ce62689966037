#include "platforms/conditions.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/test_paths.h"

namespace timeit::platforms {
namespace {

/// The fixture trees of tests/platforms/data/machines (see its README).
SystemRoots Machine(const std::string& name) {
  const std::string dir = std::string(TIMEIT_TEST_DATA_DIR) + "/data/machines/" + name;
  return OtherMachineRoots(dir + "/proc", dir + "/sys");
}

// The expected digests were computed by a separate Python FNV-1a over
// "name=text\n" of the sorted files (the README's fixture files):
//   h = 2166136261; for b in bytes: h = ((h ^ b) * 16777619) & 0xffffffff

TEST(ConditionsTest, LaptopWithIntelPstate) {
  const Conditions c = ReadConditions(Machine("laptop-intel-pstate"));
  EXPECT_EQ(c.boot_id, "7c0a7e0e-2f4b-4d59-8f3e-1b6a9d2c4e81");
  EXPECT_EQ(c.cmdline,
            "root=UUID=3f1c2a8e-5b7d-4e0a-9c61-2d8f0b7e4a13 ro quiet splash vt.handoff=7");
  EXPECT_EQ(c.microcode, "0xf4");
  EXPECT_EQ(c.governor, "performance,powersave");
  EXPECT_EQ(c.boost, "on");  // no_turbo 0
  EXPECT_EQ(c.boost_knob, "/sys/devices/system/cpu/intel_pstate/no_turbo");
  EXPECT_EQ(c.smt, "on");
  EXPECT_EQ(c.aslr, "2");
  EXPECT_EQ(c.thp, "always");
  EXPECT_EQ(c.nmi_watchdog, "1");
  EXPECT_EQ(c.perf_event_paranoid, "4");
  EXPECT_EQ(c.mitigations,
            "25503785 mitigated: gather_data_sampling itlb_multihit l1tf mds meltdown "
            "mmio_stale_data retbleed spec_store_bypass spectre_v1 spectre_v2 srbds");
  EXPECT_EQ(c.load1, "1.37");
  EXPECT_EQ(c.cpus_online, "0-7");
  EXPECT_EQ(c.virtualized, "no");
}

TEST(ConditionsTest, AmdServerWithAcpiCpufreqBoost) {
  const Conditions c = ReadConditions(Machine("server-amd-acpi-cpufreq"));
  EXPECT_EQ(c.cmdline, "root=/dev/mapper/vg0-root ro nmi_watchdog=0 isolcpus=64-127");
  EXPECT_EQ(c.microcode, "0xa0011d1");
  EXPECT_EQ(c.governor, "performance");
  EXPECT_EQ(c.boost, "off");  // cpufreq/boost 0
  EXPECT_EQ(c.boost_knob, "/sys/devices/system/cpu/cpufreq/boost");
  EXPECT_EQ(c.smt, "on");
  EXPECT_EQ(c.thp, "madvise");
  EXPECT_EQ(c.nmi_watchdog, "0");
  EXPECT_EQ(c.perf_event_paranoid, "1");
  EXPECT_EQ(c.mitigations,
            "5557c4d6 mitigated: spec_rstack_overflow spec_store_bypass spectre_v1 spectre_v2");
  EXPECT_EQ(c.load1, "0.02");
  EXPECT_EQ(c.cpus_online, "0-127");
  EXPECT_EQ(c.virtualized, "no");
}

TEST(ConditionsTest, Graviton2TellsAGuestByDmiAlone) {
  const Conditions c = ReadConditions(Machine("graviton2"));
  EXPECT_EQ(c.microcode, "");  // arm64 cpuinfo has no microcode line
  EXPECT_EQ(c.governor, "");   // no cpufreq on EC2 Graviton
  EXPECT_EQ(c.boost, "");
  EXPECT_EQ(c.boost_knob, "");
  EXPECT_EQ(c.smt, "notimplemented");
  EXPECT_EQ(c.thp, "always");
  EXPECT_EQ(c.nmi_watchdog, "0");
  EXPECT_EQ(c.perf_event_paranoid, "2");
  EXPECT_EQ(c.mitigations, "852fc034 mitigated: spec_store_bypass spectre_v1 spectre_v2");
  EXPECT_EQ(c.load1, "0.00");
  EXPECT_EQ(c.cpus_online, "0-63");
  EXPECT_EQ(c.virtualized, "yes: Amazon EC2 m6g.16xlarge");
}

TEST(ConditionsTest, QemuGuestWithoutCpufreq) {
  const Conditions c = ReadConditions(Machine("vm-qemu-kvm"));
  EXPECT_EQ(c.cmdline,
            "root=UUID=c2e1f3a4-7b8d-4c9e-a0f1-5d6e7f8a9b0c ro console=ttyS0,115200n8 quiet");
  EXPECT_EQ(c.microcode, "0x1");
  EXPECT_EQ(c.governor, "");
  EXPECT_EQ(c.boost, "");
  EXPECT_EQ(c.smt, "notsupported");
  EXPECT_EQ(c.perf_event_paranoid, "3");
  EXPECT_EQ(c.mitigations,
            "b4828b29 mitigated: retbleed spec_store_bypass spectre_v1 spectre_v2 "
            "tsx_async_abort; vulnerable: mmio_stale_data; unknown: gather_data_sampling");
  EXPECT_EQ(c.cpus_online, "0-3");
  EXPECT_EQ(c.virtualized, "yes: QEMU Standard PC (Q35 + ICH9, 2009)");
}

TEST(ConditionsTest, MissingTreesGiveEmptyValues) {
  const Conditions c = ReadConditions(OtherMachineRoots("/nonexistent/proc", "/nonexistent/sys"));
  for (const ConditionField& f : ConditionFields()) EXPECT_EQ(c.*f.value, "") << f.name;
}

TEST(ConditionsTest, FieldsAreTheColumnsInOrder) {
  std::vector<std::string> names;
  for (const ConditionField& f : ConditionFields()) names.emplace_back(f.name);
  EXPECT_EQ(names, (std::vector<std::string>{"boot_id", "cmdline", "microcode", "governor", "boost",
                                             "smt", "aslr", "thp", "nmi_watchdog",
                                             "perf_event_paranoid", "mitigations", "load1",
                                             "cpus_online", "virtualized", "boot_method"}));
}

TEST(ConditionsTest, MitigationsOffShowsVulnerableAndAnotherDigest) {
  // What a kernel booted with mitigations=off prints for the same CPU.
  const std::vector<std::pair<std::string, std::string>> on = {{"meltdown", "Mitigation: PTI"},
                                                               {"mds", "Not affected"}};
  const std::vector<std::pair<std::string, std::string>> off = {{"meltdown", "Vulnerable"},
                                                                {"mds", "Not affected"}};
  const std::string a = MitigationsValue(on), b = MitigationsValue(off);
  EXPECT_TRUE(a.ends_with(" mitigated: meltdown")) << a;
  EXPECT_TRUE(b.ends_with(" vulnerable: meltdown")) << b;
  EXPECT_NE(a.substr(0, 8), b.substr(0, 8));
  EXPECT_TRUE(
      MitigationsValue(std::vector<std::pair<std::string, std::string>>{{"mds", "Not affected"}})
          .ends_with(" none affected"));
  EXPECT_EQ(MitigationsValue({}), "");
}

TEST(ConditionsTest, CmdlineDropsTheImageWords) {
  EXPECT_EQ(CmdlineValue("BOOT_IMAGE=/vmlinuz-6.1 root=/dev/vda1 ro initrd=\\initrd.img quiet\n"),
            "root=/dev/vda1 ro quiet");
  EXPECT_EQ(CmdlineValue("quiet mitigations=off\n"), "quiet mitigations=off");
}

TEST(ConditionsTest, SelectedChoice) {
  EXPECT_EQ(SelectedChoice("always [madvise] never\n"), "madvise");
  EXPECT_EQ(SelectedChoice("[always] madvise never"), "always");
  EXPECT_EQ(SelectedChoice(""), "");
}

TEST(ConditionsTest, RootsFromTheEnvironment) {
  ::setenv("TIMEIT_PROC_ROOT", "/x/proc", 1);
  ::unsetenv("TIMEIT_SYS_ROOT");
  SystemRoots r = SystemRootsFromEnvironment();
  EXPECT_EQ(r.proc, "/x/proc");
  EXPECT_EQ(r.sys, "/sys");
  EXPECT_TRUE(r.from_environment);
  ::unsetenv("TIMEIT_PROC_ROOT");
  r = SystemRootsFromEnvironment();
  EXPECT_EQ(r.proc, "/proc");
  EXPECT_FALSE(r.from_environment);
}

}  // namespace
}  // namespace timeit::platforms
