#include "platforms/cgroup2.h"

#include <gtest/gtest.h>

#include "platforms/cgroup_stats.h"

namespace timeit::platforms {
namespace {

// A hybrid hierarchy as this project's build machine has it: v1 controllers,
// cgroup2 beside them at /sys/fs/cgroup/unified.
constexpr std::string_view kHybrid =
    "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
    "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
    "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
    "38 31 0:35 / /sys/fs/cgroup/blkio rw,relatime - cgroup cgroup rw,blkio\n"
    "40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,xattr,name=systemd\n"
    "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";

// Debian 12 with systemd: cgroup2 alone, with the optional "shared:" field.
constexpr std::string_view kUnified =
    "22 28 0:21 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw\n"
    "26 22 0:24 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 "
    "rw,nsdelegate,memory_recursiveprot\n";

TEST(Cgroup2Test, HybridHierarchyUsesTheUnifiedMountAndNamesTheV1Controllers) {
  std::string why;
  const auto found = LocateCgroup2(ParseMountinfo(kHybrid), "/", why);
  ASSERT_TRUE(found) << why;
  EXPECT_EQ(found->mount, "/sys/fs/cgroup/unified");
  EXPECT_EQ(found->own_dir, "/sys/fs/cgroup/unified");
  EXPECT_EQ(found->v1_controllers, (std::vector<std::string>{"cpu", "memory", "blkio"}));
}

TEST(Cgroup2Test, UnifiedHierarchyPrefersSysFsCgroupAndJoinsTheOwnPath) {
  std::string why;
  const auto found =
      LocateCgroup2(ParseMountinfo(kUnified), "/user.slice/user-1000.slice/session-2.scope", why);
  ASSERT_TRUE(found) << why;
  EXPECT_EQ(found->mount, "/sys/fs/cgroup");
  EXPECT_EQ(found->own_dir, "/sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope");
  EXPECT_TRUE(found->v1_controllers.empty());
}

TEST(Cgroup2Test, BindMountOfASubtreeMapsTheOwnPathBelowItsRoot) {
  // A container given its own part of the host's tree, mounted at /sys/fs/cgroup.
  const std::string text =
      "50 40 0:24 /machine.slice/c1 /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n"
      "51 40 0:24 /other /mnt/other\\040dir rw - cgroup2 cgroup2 rw\n";
  const auto mounts = ParseMountinfo(text);
  ASSERT_EQ(mounts.size(), 2u);
  EXPECT_EQ(mounts[1].mount_point, "/mnt/other dir");
  std::string why;
  const auto found = LocateCgroup2(mounts, "/machine.slice/c1/app", why);
  ASSERT_TRUE(found) << why;
  EXPECT_EQ(found->own_dir, "/sys/fs/cgroup/app");
  EXPECT_FALSE(LocateCgroup2(mounts, "/machine.slice/c10", why));
  EXPECT_NE(why.find("no cgroup2 mount holds"), std::string::npos) << why;
}

TEST(Cgroup2Test, NoCgroup2IsAReasonNotAGuess) {
  std::string why;
  const std::string v1_only = "32 31 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n";
  EXPECT_FALSE(LocateCgroup2(ParseMountinfo(v1_only), "/", why));
  EXPECT_NE(why.find("cgroup2 is not mounted"), std::string::npos) << why;
}

TEST(Cgroup2Test, MalformedMountinfoLinesAreSkipped) {
  EXPECT_TRUE(ParseMountinfo("garbage\n1 2 3\n1 2 0:1 / /x rw - \n").empty());
}

TEST(Cgroup2Test, UnifiedPathIsTheZeroLine) {
  EXPECT_EQ(UnifiedCgroupPath("4:memory:/a\n0::/b/c\n"), "/b/c");
  EXPECT_EQ(UnifiedCgroupPath("0::/\n"), "/");
  EXPECT_FALSE(UnifiedCgroupPath("4:memory:/a\n1:name=systemd:/\n"));
}

TEST(Cgroup2Test, ThisMachineEitherHasItsCgroupOrSaysWhy) {
  std::string why;
  const auto found = FindCgroup2(SystemRoots{}, why);
  if (found) {
    EXPECT_FALSE(ReadCgroupWords(found->own_dir + "/cgroup.procs").empty())
        << found->own_dir << " lists no process, not even this test";
  } else {
    EXPECT_FALSE(why.empty());
  }
}

TEST(CgroupStatsTest, CpuStatKeys) {
  const std::string text = "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\nnr_periods 0\n";
  EXPECT_EQ(FlatKeyedValue(text, "user_usec"), 1000u);
  EXPECT_EQ(FlatKeyedValue(text, "system_usec"), 500u);
  EXPECT_FALSE(FlatKeyedValue(text, "usage"));  // a prefix of a key is not the key
  EXPECT_FALSE(FlatKeyedValue(text, "nr_throttled"));
  EXPECT_FALSE(FlatKeyedValue("user_usec -1\n", "user_usec"));
}

TEST(CgroupStatsTest, PressureTotals) {
  const std::string text =
      "some avg10=0.00 avg60=0.12 avg300=0.05 total=123456\n"
      "full avg10=0.00 avg60=0.00 avg300=0.00 total=789\n";
  EXPECT_EQ(PressureTotal(text, "some"), 123456u);
  EXPECT_EQ(PressureTotal(text, "full"), 789u);
  // cpu.pressure before Linux 5.13 has no "full" line.
  EXPECT_FALSE(PressureTotal("some avg10=0.00 avg60=0.00 avg300=0.00 total=5\n", "full"));
  EXPECT_FALSE(PressureTotal("some avg10=0.00\n", "some"));
}

TEST(CgroupStatsTest, IoStatSumsDevices) {
  const std::string text =
      "8:16 rbytes=1024 wbytes=4096 rios=1 wios=1 dbytes=0 dios=0\n"
      "253:0 rbytes=2048 wbytes=0 rios=2 wios=0 dbytes=0 dios=0\n";
  const auto sum = SumIoStat(text);
  ASSERT_TRUE(sum);
  EXPECT_EQ(sum->read, 3072u);
  EXPECT_EQ(sum->written, 4096u);
  const auto none = SumIoStat("");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->read, 0u);
  EXPECT_FALSE(SumIoStat("8:0 rios=1\n"));
}

TEST(CgroupStatsTest, SingleValues) {
  EXPECT_EQ(SingleValue("209715200\n"), 209715200u);
  EXPECT_FALSE(SingleValue("max\n"));
  EXPECT_FALSE(SingleValue(""));
}

}  // namespace
}  // namespace timeit::platforms
