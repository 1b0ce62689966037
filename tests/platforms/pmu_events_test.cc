#include "platforms/pmu_events.h"

#include <gtest/gtest.h>

#include <string>

#include "platforms/kernel_pmus.h"
#include "tests/test_paths.h"

namespace timeit::platforms {
namespace {

const std::string kQemuN1 =
    std::string(TIMEIT_TEST_DATA_DIR) + "/data/qemu-n1-sysfs/bus/event_source/devices";

TEST(PmuEventsTest, ReadsTheQemuN1List) {
  const auto list = ReadArmPmuEvents(kQemuN1);
  ASSERT_TRUE(list);
  EXPECT_EQ(list->pmu, "armv8_pmuv3");
  using Event = std::pair<std::string, std::uint64_t>;
  // What Debian's kernel listed on QEMU's N1 model, by event number.
  EXPECT_EQ(list->events, (std::vector<Event>{{"inst_retired", 0x08},
                                              {"cpu_cycles", 0x11},
                                              {"stall_frontend", 0x23},
                                              {"stall_backend", 0x24}}));
  EXPECT_TRUE(ListsEvent(*list, 0x11));
  EXPECT_FALSE(ListsEvent(*list, 0x01));  // L1I_CACHE_REFILL: QEMU counts 0
  EXPECT_TRUE(HasHardwareCpuPmu(ReadKernelPmus(kQemuN1)));
}

// A run passes the PMUs its Machine read: the same list, and a PMU list
// without an Arm CPU PMU opens nothing (no list, even where the folder has one).
TEST(PmuEventsTest, ThePmusAlreadyReadGiveTheSameList) {
  const auto read_here = ReadArmPmuEvents(kQemuN1);
  const auto from_pmus = ReadArmPmuEvents(kQemuN1, ReadKernelPmus(kQemuN1));
  ASSERT_TRUE(read_here && from_pmus);
  EXPECT_EQ(from_pmus->pmu, read_here->pmu);
  EXPECT_EQ(from_pmus->events, read_here->events);
  EXPECT_FALSE(ReadArmPmuEvents(kQemuN1, {{"software", 1}, {"tracepoint", 2}}));
}

TEST(PmuEventsTest, ListsCoverOnlyTheArchitectedCommonEvents) {
  EXPECT_TRUE(CoversArmEvent(0x01));
  EXPECT_TRUE(CoversArmEvent(0x3f));
  EXPECT_TRUE(CoversArmEvent(0x4000));
  EXPECT_TRUE(CoversArmEvent(0x403f));
  EXPECT_FALSE(CoversArmEvent(0x40));  // IMPLEMENTATION DEFINED from here
  EXPECT_FALSE(CoversArmEvent(0x82));  // N1's EXC_SVC
  EXPECT_FALSE(CoversArmEvent(0x4040));
}

TEST(PmuEventsTest, NoArmPmuNoList) {
  EXPECT_FALSE(ReadArmPmuEvents("/nonexistent"));
  // This machine: an x86 PMU (or none) has no list that covers anything.
#if !defined(__aarch64__)
  EXPECT_FALSE(ReadArmPmuEvents("/sys/bus/event_source/devices"));
#endif
}

}  // namespace
}  // namespace timeit::platforms
