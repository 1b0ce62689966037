// The profile's aggregator on records made up here, of this process's own
// mappings: where a call chain's addresses are read, and the vDSO of a
// process that is gone by the time its mapping is read in time order.
#include "wrapper/sources/profile_aggregator.h"

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <linux/perf_event.h>
#include <sys/auxv.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" __attribute__((noinline, used)) int timeit_aggregator_probe(int x) { return x * 5 + 2; }

namespace timeit {
namespace {

constexpr std::uint64_t kKernelAddress = 0xffffffff81000010;

/// The mapping of /proc/self/maps holding `address`, as a record of `pid`.
counters::MmapRecord MappingOf(const void* address, std::uint32_t pid, std::string& path) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  while (std::getline(maps, line)) {
    std::istringstream in(line);
    std::string range, perms, offset, device, inode;
    in >> range >> perms >> offset >> device >> inode >> path;
    const std::size_t dash = range.find('-');
    const std::uint64_t start = std::stoull(range.substr(0, dash), nullptr, 16);
    const std::uint64_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
    if (a < start || a >= end) continue;
    return {.pid = pid,
            .tid = pid,
            .address = start,
            .length = end - start,
            .file_offset = std::stoull(offset, nullptr, 16),
            .inode = std::stoull(inode),
            .filename = path};
  }
  ADD_FAILURE() << "no mapping holds " << address;
  return {};
}

/// A pid no process has: a child's, reaped.
std::uint32_t GonePid() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return static_cast<std::uint32_t>(child);
}

const FunctionSamples* Find(const std::vector<FunctionSamples>& rows, const std::string& name) {
  for (const FunctionSamples& row : rows)
    if (row.function == name) return &row;
  return nullptr;
}

// A kernel sample's chain goes on with where the user was when it entered
// the kernel (a fault, an interrupt): that address is exact, not a return
// address, and at a function's first byte it is that function's.
TEST(ProfileAggregatorTest, TheUserAddressOfAKernelSampleIsWhereTheUserWas) {
  const symbols::KernelSymbols kernel =
      symbols::KernelSymbols::Parse("ffffffff81000000 T asm_exc_page_fault\n");
  ProfileAggregator aggregator(kernel);
  aggregator.BeginRun();
  const void* probe = reinterpret_cast<const void*>(&timeit_aggregator_probe);
  std::string path;
  aggregator.OnMmap(MappingOf(probe, 7, path));
  const std::vector<std::uint64_t> chain = {
      static_cast<std::uint64_t>(PERF_CONTEXT_KERNEL), kKernelAddress,
      static_cast<std::uint64_t>(PERF_CONTEXT_USER), reinterpret_cast<std::uintptr_t>(probe)};
  aggregator.OnSample({.pid = 7,
                       .tid = 7,
                       .ip = kKernelAddress,
                       .period = 1000,
                       .mode = counters::SampleMode::kKernel,
                       .callchain = chain});
  const std::vector<FunctionSamples> rows = aggregator.EndRun();
  const FunctionSamples* user = Find(rows, "timeit_aggregator_probe");
  ASSERT_NE(user, nullptr) << "the faulting first instruction went to another function";
  EXPECT_EQ(user->total_samples, 1u);
  EXPECT_EQ(user->samples, 0u);
  EXPECT_EQ(user->object, path);
  ASSERT_NE(Find(rows, "asm_exc_page_fault"), nullptr);
}

// A process gone before its [vdso] mapping is read in time order (and
// never read early): its vDSO is the image of its kind, which the program
// it maps says -- here this test's, whose kind timeit's own vDSO is.
TEST(ProfileAggregatorTest, TheVdsoOfAGoneProcessIsTheImageOfItsKind) {
  const unsigned long base = getauxval(AT_SYSINFO_EHDR);
  void* vdso = nullptr;
  for (const char* soname : {"linux-vdso.so.1", "linux-gate.so.1"})
    if (vdso == nullptr) vdso = dlopen(soname, RTLD_NOLOAD | RTLD_LAZY);
  const char* name = nullptr;
  void* function = nullptr;
  for (const char* candidate : {"__vdso_clock_gettime", "__kernel_clock_gettime"})
    if (vdso != nullptr && function == nullptr && (function = dlsym(vdso, candidate)))
      name = candidate;
  if (base == 0 || function == nullptr) GTEST_SKIP() << "no vDSO in this process";
  const symbols::KernelSymbols kernel;
  ProfileAggregator aggregator(kernel);
  aggregator.BeginRun();
  const std::uint32_t gone = GonePid(), gone_too = GonePid();
  std::string path, vdso_path;
  aggregator.OnMmap(MappingOf(reinterpret_cast<const void*>(&timeit_aggregator_probe), gone, path));
  counters::MmapRecord mapped = MappingOf(function, gone, vdso_path);
  ASSERT_EQ(vdso_path, "[vdso]");
  aggregator.OnMmap(mapped);
  mapped.pid = mapped.tid = gone_too;  // maps no file: of no known kind
  aggregator.OnMmap(mapped);
  const auto ip = reinterpret_cast<std::uintptr_t>(function);
  for (const std::uint32_t pid : {gone, gone_too})
    aggregator.OnSample({.pid = pid,
                         .tid = pid,
                         .ip = ip,
                         .period = 1000,
                         .mode = counters::SampleMode::kUser,
                         .callchain = {}});
  const std::vector<FunctionSamples> rows = aggregator.EndRun();
  const FunctionSamples* named = Find(rows, name);
  ASSERT_NE(named, nullptr);
  EXPECT_EQ(named->object, "[vdso]");
  EXPECT_EQ(named->samples, 1u);
  const FunctionSamples* unknown = Find(rows, "[unknown]");
  ASSERT_NE(unknown, nullptr);
  EXPECT_EQ(unknown->object, "[vdso]");
  EXPECT_EQ(unknown->samples, 1u);
}

}  // namespace
}  // namespace timeit
