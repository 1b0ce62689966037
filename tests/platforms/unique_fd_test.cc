#include "platforms/unique_fd.h"

#include <fcntl.h>
#include <gtest/gtest.h>

#include <utility>

namespace timeit::platforms {
namespace {

bool IsOpen(int fd) { return fcntl(fd, F_GETFD) != -1; }

TEST(UniqueFdTest, ClosesOnDestruction) {
  int raw = -1;
  {
    UniqueFd fd(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    raw = fd.get();
    ASSERT_TRUE(IsOpen(raw));
  }
  EXPECT_FALSE(IsOpen(raw));
}

TEST(UniqueFdTest, MoveTransfersOwnership) {
  UniqueFd a(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  const int raw = a.get();
  UniqueFd b(std::move(a));
  EXPECT_FALSE(a.valid());  // NOLINT(bugprone-use-after-move): checking the moved-from state
  EXPECT_EQ(b.get(), raw);
  UniqueFd c;
  c = std::move(b);
  EXPECT_EQ(c.get(), raw);
  EXPECT_TRUE(IsOpen(raw));
}

}  // namespace
}  // namespace timeit::platforms
