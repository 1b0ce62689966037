#include "counters/pfm_library.h"

#include <gtest/gtest.h>

namespace timeit::counters {
namespace {

TEST(PfmLibraryTest, InitialisesOnceAndSucceeds) {
  const PfmStatus& first = EnsurePfmInitialized();
  EXPECT_TRUE(first.ok) << first.error;
  EXPECT_EQ(&first, &EnsurePfmInitialized());
}

}  // namespace
}  // namespace timeit::counters
