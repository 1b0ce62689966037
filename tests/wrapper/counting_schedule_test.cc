// The order of timing and counting runs, and when a step of timeit boots
// has all of its runs: pure functions of the counts.
#include "wrapper/run/counting_schedule.h"

#include <gtest/gtest.h>

#include <string>

namespace timeit {
namespace {

std::string Roles(int runs, int wanted) {
  const int counting = CountingRunsOf(runs, wanted);
  std::string roles;
  for (int p = 0; p < runs + counting; ++p)
    roles += RoleAt(p, counting) == RunRole::kCount ? 'C' : 'T';
  return roles;
}

TEST(CountingScheduleTest, CountingRunsAlternateWithTheFirstTimingRuns) {
  EXPECT_EQ(Roles(10, kDefaultCountingRuns), "TCTCTCTTTTTTT");
  EXPECT_EQ(Roles(3, 3), "TCTCTC");
  EXPECT_EQ(Roles(2, 3), "TCTC");  // at most one per timing run
  EXPECT_EQ(Roles(1, 3), "TC");
  EXPECT_EQ(Roles(4, 1), "TCTTT");
  EXPECT_EQ(Roles(4, 0), "TTTT");
}

/// A series cut short keeps what it measured; a step is complete when its
/// -n timing runs and their counting runs are done.
TEST(CountingScheduleTest, CompleteTimingRunsWaitForTheCountingRuns) {
  EXPECT_EQ(CompleteTimingRuns(10, 3, 10, 3), 10);
  EXPECT_EQ(CompleteTimingRuns(3, 2, 3, 3), 2);  // K = N, cut short in the last counting run
  EXPECT_EQ(CompleteTimingRuns(3, 3, 3, 3), 3);
  EXPECT_EQ(CompleteTimingRuns(1, 0, 3, 3), 1);  // cut short in the first counting run
  EXPECT_EQ(CompleteTimingRuns(4, 0, 4, 0), 4);
}

}  // namespace
}  // namespace timeit
