// bench/syscall-bench, the embedded workload, promises the same number of
// geteuid calls through every entry (x86-64: syscall, int80, libc; i386:
// int80, vsyscall, libc; arm64: svc, libc), so that comparing two entries
// compares gates, not amounts of work. The syscalls metric (the
// raw_syscalls:sys_enter tracepoint, which every gate passes through) holds
// it to that, through the same counting path the run loop uses.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "counters/counter_plan.h"
#include "counters/tree_counters.h"
#include "tests/counters/count_run.h"
#include "tests/test_paths.h"

namespace timeit::counters {
namespace {

const char* kBench = SYSCALL_BENCH_PATH;

/// `syscall-bench --which`: one "entry: gate ..." line per entry.
std::vector<std::pair<std::string, std::string>> Entries() {
  std::vector<std::pair<std::string, std::string>> entries;
  FILE* out = popen((std::string(kBench) + " --which").c_str(), "r");
  if (out == nullptr) return entries;
  char line[256];
  while (fgets(line, sizeof line, out) != nullptr) {
    std::istringstream words(line);
    std::string entry, gate;
    words >> entry >> gate;
    if (!entry.empty() && entry.back() == ':') entry.pop_back();
    entries.emplace_back(entry, gate);
  }
  pclose(out);
  return entries;
}

long CountCalls(TreeCounters& counters, const std::string& entry, long calls) {
  const auto readings = CountRun(counters, {kBench, entry, std::to_string(calls)});
  EXPECT_EQ(readings.size(), 1u);
  if (readings.empty() || !readings[0].value) return -1;
  return static_cast<long>(*readings[0].value);
}

TEST(SyscallBenchTest, EveryEntryMakesExactlyNCalls) {
  CounterPlan plan = PlanCounters({"syscalls"}, PlanOptions{});
  ASSERT_EQ(plan.counters.size(), 1u);
  if (plan.counters[0].status != EventStatus::kCounted) {
    GTEST_SKIP() << "syscall tracepoint not countable here: " << plan.counters[0].reason;
  }
  TreeCounters counters({*plan.counters[0].encoding}, plan.user_only);
  const auto entries = Entries();
  ASSERT_GE(entries.size(), 2u) << kBench << " --which listed too few entries";
  constexpr long kCalls = 20000;
  std::string counted;
  int entries_counted = 0;
  for (const auto& [entry, gate] : entries) {
    // i386 without a 32-bit vDSO; x86-64 without IA-32 emulation (int80).
    if (gate == "unavailable") continue;
    // Start-up and exit make the same calls whatever the entry: the count
    // for N calls less the count for none is N, exactly.
    const long none = CountCalls(counters, entry, 0);
    const long some = CountCalls(counters, entry, kCalls);
    EXPECT_GT(none, 0) << entry;
    EXPECT_EQ(some - none, kCalls) << entry << " through " << gate;
    counted += " " + entry;
    ++entries_counted;
  }
  std::printf("counted:%s\n", counted.c_str());
  // Unavailable entries are passed over, but every machine has two that
  // count (syscall and libc, int80 and libc, svc and libc): a comparison.
  EXPECT_GE(entries_counted, 2) << "counted:" << counted;
}

#if defined(__i386__) && !defined(TIMEIT_UNDER_EMULATOR)
/// The vendor_id of /proc/cpuinfo's first CPU.
std::string CpuVendor() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("vendor_id")) return line.substr(line.find(':') + 2);
  }
  return {};
}
#endif

// A 32-bit process's __kernel_vsyscall enters through sysenter on Intel and
// syscall on AMD (the kernel patches it in by X86_FEATURE_SYSENTER32 or
// SYSCALL32), and glibc calls the same entry.
TEST(SyscallBenchTest, VsyscallNamesTheGateOfThisCpusVendor) {
#if !defined(__i386__)
  GTEST_SKIP() << "vsyscall is the i386 build's entry (a 64-bit process has no "
                  "__kernel_vsyscall)";
#elif defined(TIMEIT_UNDER_EMULATOR)
  GTEST_SKIP() << "under qemu-i386 (this kernel runs no i386 program) there is no "
                  "__kernel_vsyscall to read; tests/system's pentium_32bit reads it on "
                  "Debian's 686 kernel";
#else
  std::string gate, libc;
  for (const auto& [entry, g] : Entries()) {
    if (entry == "vsyscall") gate = g;
    if (entry == "libc") libc = g;
  }
  const std::string vendor = CpuVendor();
  if (vendor == "GenuineIntel") {
    EXPECT_EQ(gate, "sysenter");
  } else if (vendor == "AuthenticAMD") {
    EXPECT_EQ(gate, "syscall");
  } else {
    GTEST_SKIP() << "no expectation for vendor '" << vendor << "'; vsyscall enters by " << gate;
  }
  EXPECT_EQ(libc, gate);
#endif
}

}  // namespace
}  // namespace timeit::counters
