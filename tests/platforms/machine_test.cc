#include "platforms/machine.h"

#include <gtest/gtest.h>
#include <sys/utsname.h>

namespace timeit::platforms {
namespace {

TEST(MachineTest, MatchesUname) {
  struct utsname u {};
  ASSERT_EQ(uname(&u), 0);
  const MachineIdentity id = ReadMachineIdentity();
  EXPECT_EQ(id.host, u.nodename);
  EXPECT_EQ(id.kernel_release, u.release);
  EXPECT_EQ(id.arch, u.machine);
  EXPECT_FALSE(id.kernel_version.empty());
}

}  // namespace
}  // namespace timeit::platforms
