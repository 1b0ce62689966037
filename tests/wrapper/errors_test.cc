#include "wrapper/base/errors.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

TEST(ErrorsTest, InputErrorNamesFileAndLine) {
  const InputError e("a.csv", 12, "ragged row");
  EXPECT_STREQ(e.what(), "a.csv:12: ragged row");
  EXPECT_EQ(e.exit_status(), kExitBadInput);
}

TEST(ErrorsTest, InputErrorWithoutLine) {
  EXPECT_STREQ(InputError("a.csv", 0, "empty file").what(), "a.csv: empty file");
}

}  // namespace
}  // namespace timeit
