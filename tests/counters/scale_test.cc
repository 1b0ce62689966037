#include <gtest/gtest.h>

#include "counters/event_status.h"
#include "counters/tree_counters.h"

namespace timeit::counters {
namespace {

TEST(ScaleReadingTest, FullyRunningIsCountedAsIs) {
  const CounterReading r = ScaleReading(1000, 50, 50);
  EXPECT_EQ(r.status, EventStatus::kCounted);
  EXPECT_EQ(r.value, 1000.0);
  EXPECT_EQ(r.running_fraction, 1.0);
}

TEST(ScaleReadingTest, MultiplexedIsScaledByEnabledOverRunning) {
  const CounterReading r = ScaleReading(1000, 100, 25);
  EXPECT_EQ(r.status, EventStatus::kMultiplexed);
  EXPECT_DOUBLE_EQ(*r.value, 4000.0);
  EXPECT_DOUBLE_EQ(*r.running_fraction, 0.25);
}

TEST(ScaleReadingTest, NeverRunningIsNotCountedNotZero) {
  const CounterReading r = ScaleReading(0, 100, 0);
  EXPECT_EQ(r.status, EventStatus::kNotCounted);
  EXPECT_FALSE(r.value.has_value());
  EXPECT_FALSE(r.running_fraction.has_value());
  EXPECT_EQ(r.reason, "no PMU counter was free during this run");
}

// Each run is scaled by its own enabled/running: 600 counted in the 1/4 of
// the run the event was on a counter is 2400, whatever earlier runs had.
TEST(ScaleReadingTest, ScaledByTheRunsOwnDeltas) {
  const CounterReading r = ScaleReading(600, 4000, 1000);
  EXPECT_EQ(r.status, EventStatus::kMultiplexed);
  EXPECT_DOUBLE_EQ(*r.value, 2400.0);
  EXPECT_DOUBLE_EQ(*r.running_fraction, 0.25);
}

TEST(EventStatusTest, ErrnoMapping) {
  EXPECT_EQ(StatusFromOpenErrno(EACCES), EventStatus::kNotPermitted);
  EXPECT_EQ(StatusFromOpenErrno(ENOENT), EventStatus::kNotSupported);
  EXPECT_NE(ExplainOpenErrno(EACCES).find("sysctl kernel.perf_event_paranoid=1"),
            std::string::npos);
}

}  // namespace
}  // namespace timeit::counters
