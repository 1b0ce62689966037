#include "counters/free_counters.h"

#include <gtest/gtest.h>

#include <cerrno>

#include "counters/generic_events.h"
#include "platforms/kernel_pmus.h"

namespace timeit::counters {
namespace {

// A software event is never short of counters: every group of copies is
// scheduled, so the probe walks the same path to its cap on any machine.
TEST(FreeCountersTest, SoftwareEventsAreNeverShort) {
  const FreeCounters f = ProbeFreeCounters(*FindGenericEvent("task-clock"), 5);
  // qemu-user (the arm64 suite) has no perf_event_open at all; every kernel
  // timeit runs on has it, and there a software event must open five times.
  if (f.free == 0 && f.error == ENOSYS) GTEST_SKIP() << "perf_event_open is not implemented here";
  EXPECT_EQ(f.free, 5);
  EXPECT_TRUE(f.capped);
  EXPECT_EQ(f.error, 0);
}

TEST(FreeCountersTest, HardwareCountersAreFiniteOrAbsent) {
  const FreeCounters f = ProbeFreeCounters(*FindGenericEvent("branch-instructions"), 64);
  if (!platforms::HasHardwareCpuPmu(platforms::ReadKernelPmus())) {
    // A VM without a virtual PMU: not even one opens, and errno says why.
    EXPECT_EQ(f.free, 0);
    EXPECT_NE(f.error, 0);
    return;
  }
  // No PMU has 64 general-purpose counters (x86 has 4-8, Neoverse N1 6).
  EXPECT_FALSE(f.capped);
  EXPECT_LT(f.free, 64);
}

}  // namespace
}  // namespace timeit::counters
