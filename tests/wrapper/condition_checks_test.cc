#include "wrapper/check/condition_checks.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/test_paths.h"

namespace timeit {
namespace {

platforms::Conditions Machine(const std::string& name) {
  const std::string dir = std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/machines/" + name;
  return platforms::ReadConditions(platforms::OtherMachineRoots(dir + "/proc", dir + "/sys"));
}

std::vector<std::string> Formatted(const std::vector<CheckLine>& lines) {
  std::vector<std::string> text;
  for (const CheckLine& l : lines) text.push_back(FormatCheckLine(l));
  return text;
}

TEST(ConditionChecksTest, LaptopLinesWithTheirFixes) {
  EXPECT_EQ(
      Formatted(CheckConditions(Machine("laptop-intel-pstate"))),
      (std::vector<std::string>{
          "info  boot_id              7c0a7e0e-2f4b-4d59-8f3e-1b6a9d2c4e81",
          "info  cmdline              root=UUID=3f1c2a8e-5b7d-4e0a-9c61-2d8f0b7e4a13 ro quiet "
          "splash vt.handoff=7",
          "info  microcode            0xf4",
          "warn  governor             performance,powersave: the clock follows the load, so runs "
          "start at different speeds; fix: cpupower frequency-set -g performance",
          "warn  boost                on: the clock rises and falls with temperature and busy "
          "cores; fix: echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo",
          "info  smt                  on: a sibling thread's work shares the core; keep siblings "
          "idle (--cpus one thread per core), or echo off > /sys/devices/system/cpu/smt/control",
          "info  aslr                 2: addresses differ run to run, which spreads layout "
          "effects over the runs; to measure with fixed addresses, run the series under setarch -R "
          "(`setarch -R timeit ...`), which turns randomization off for it alone",
          "info  thp                  always",
          "warn  nmi_watchdog         1: the hard-lockup detector holds a hardware counter, so "
          "fewer are left and events may multiplex; fix: echo 0 > /proc/sys/kernel/nmi_watchdog",
          "info  perf_event_paranoid  4 (what it allows: below)",
          "info  mitigations          25503785 mitigated: gather_data_sampling itlb_multihit l1tf "
          "mds meltdown mmio_stale_data retbleed spec_store_bypass spectre_v1 spectre_v2 srbds",
          "warn  load1                1.37: other work competes for the CPUs and caches; fix: "
          "stop it, or keep it off the measured CPUs (isolcpus= on the kernel command line, then "
          "--cpus)",
          "info  cpus_online          0-7 (8 CPUs)",
          "ok    virtualized          no",
      }));
}

TEST(ConditionChecksTest, WarningsPerMachine) {
  EXPECT_EQ(WarningNames(CheckConditions(Machine("laptop-intel-pstate"))),
            (std::vector<std::string>{"governor", "boost", "nmi_watchdog", "load1"}));
  // Tuned: performance, boost off through acpi-cpufreq, no watchdog, idle.
  EXPECT_EQ(WarningNames(CheckConditions(Machine("server-amd-acpi-cpufreq"))),
            std::vector<std::string>{});
  EXPECT_EQ(WarningNames(CheckConditions(Machine("graviton2"))), std::vector<std::string>{});
  EXPECT_EQ(WarningNames(CheckConditions(Machine("vm-qemu-kvm"))), std::vector<std::string>{});
}

TEST(ConditionChecksTest, AcpiCpufreqBoostFixAndUnknowns) {
  platforms::Conditions c = Machine("server-amd-acpi-cpufreq");
  c.boost = "on";
  const std::vector<CheckLine> lines = CheckConditions(c);
  EXPECT_EQ(lines[4].text,
            "on: the clock rises and falls with temperature and busy cores; fix: echo 0 > "
            "/sys/devices/system/cpu/cpufreq/boost");
  const std::vector<std::string> vm = Formatted(CheckConditions(Machine("graviton2")));
  EXPECT_EQ(vm[2], "info  microcode            unknown (not in cpuinfo)");
  EXPECT_EQ(vm[3], "info  governor             none: no cpufreq here (a VM?)");
  EXPECT_EQ(vm[4],
            "info  boost                unknown: neither cpufreq boost nor intel_pstate/no_turbo "
            "here");
  EXPECT_EQ(vm[5], "ok    smt                  notimplemented");
  EXPECT_EQ(vm[13],
            "info  virtualized          yes: Amazon EC2 m6g.16xlarge: the hypervisor may take CPU "
            "time (steal) and hides or shares the PMU");
}

}  // namespace
}  // namespace timeit
