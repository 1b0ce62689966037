#include "counters/counter_plan.h"
#include "tests/test_paths.h"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

namespace timeit::counters {
namespace {

const PlannedCounter& Find(const CounterPlan& plan, const std::string& label) {
  for (const PlannedCounter& c : plan.counters) {
    if (c.label == label) return c;
  }
  static const PlannedCounter none;
  ADD_FAILURE() << "no counter " << label;
  return none;
}

TEST(CounterPlanTest, DefaultWordsAreEveryMetricOfTheDefaultSet) {
  const auto words = DefaultCounterWords();
  ASSERT_EQ(words.size(), 10u);
  EXPECT_EQ(words.front(), "cycles");
  EXPECT_EQ(words.back(), "page-faults");  // exc-svc is asked for by name
}

/// QEMU's Neoverse N1 PMU, as its sysfs shows it (tests/platforms/data).
PlanOptions QemuN1(bool force = false) {
  PlanOptions options;
  options.user_only = false;
  options.roots.sys = std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/qemu-n1-sysfs";
  options.force_events = force;
  return options;
}

// r01 (L1I_CACHE_REFILL) is a common event QEMU does not implement: its
// PMU would count a silent 0, so it is not counted, and says why.
TEST(CounterPlanTest, RawEventThePmuListLacksIsNotImplemented) {
  const CounterPlan plan = PlanCounters({"r01", "r11:u", "r82"}, QemuN1());
  const PlannedCounter& r01 = Find(plan, "r01");
  EXPECT_EQ(r01.status, EventStatus::kNotImplemented);
  EXPECT_NE(r01.reason.find("lacks event 0x01"), std::string::npos) << r01.reason;
  EXPECT_NE(r01.reason.find("--force-events"), std::string::npos) << r01.reason;
  // Listed (cpu_cycles), or outside the common ranges (EXC_SVC): the kernel
  // decides (here, without a PMU, it refuses them).
  EXPECT_NE(Find(plan, "r11:u").status, EventStatus::kNotImplemented);
  const PlannedCounter& r82 = Find(plan, "r82");
  EXPECT_NE(r82.status, EventStatus::kNotImplemented);
  if (r82.status == EventStatus::kCounted) {
    EXPECT_TRUE(r82.unchecked_hardware);
  }
}

TEST(CounterPlanTest, ForcedEventsAreTriedAnyway) {
  const CounterPlan plan = PlanCounters({"r01"}, QemuN1(/*force=*/true));
  EXPECT_NE(plan.counters[0].status, EventStatus::kNotImplemented) << plan.counters[0].reason;
}

TEST(CounterPlanTest, AMetricWithoutAnEventHereIsNotSupportedNeverUnknown) {
  PlanOptions options;
  options.platform = platforms::PlatformId::kZen3;
  const CounterPlan plan = PlanCounters({"exc-svc"}, options);
  EXPECT_EQ(plan.counters[0].status, EventStatus::kNotSupported);
  EXPECT_NE(plan.counters[0].reason.find("zen3"), std::string::npos) << plan.counters[0].reason;
}

/// qemu-user (the arm64 tests) has no perf_event_open at all.
#define SKIP_WITHOUT_PERF_EVENTS(plan)                                       \
  do {                                                                       \
    const PlannedCounter& clock = Find(plan, "task-clock");                  \
    if (clock.status != EventStatus::kCounted) GTEST_SKIP() << clock.reason; \
  } while (0)

TEST(CounterPlanTest, SoftwareMetricsAlwaysCount) {
  PlanOptions options;
  options.platform = platforms::PlatformId::kGeneric;
  const CounterPlan plan = PlanCounters(DefaultCounterWords(), options);
  SKIP_WITHOUT_PERF_EVENTS(plan);
  for (const char* m : {"task-clock", "context-switches", "cpu-migrations", "page-faults"}) {
    const PlannedCounter& c = Find(plan, m);
    EXPECT_EQ(c.status, EventStatus::kCounted) << m << ": " << c.reason;
    EXPECT_EQ(c.encoding->type, PERF_TYPE_SOFTWARE);
  }
  // Hardware metrics either count or carry a status and a reason.
  const PlannedCounter& cycles = Find(plan, "cycles");
  if (cycles.status != EventStatus::kCounted) {
    EXPECT_EQ(cycles.status, EventStatus::kNotSupported);
    EXPECT_FALSE(cycles.reason.empty());
  }
}

TEST(CounterPlanTest, SyscallsTracepointIsKeptRegistered) {
  PlanOptions options;
  options.user_only = false;
  const CounterPlan plan = PlanCounters({"syscalls"}, options);
  const PlannedCounter& c = plan.counters.at(0);
  if (c.status != EventStatus::kCounted) GTEST_SKIP() << c.reason;
  EXPECT_EQ(c.encoding->type, PERF_TYPE_TRACEPOINT);
  EXPECT_EQ(c.event, "raw_syscalls:sys_enter");
  EXPECT_EQ(plan.keepers.size(), 1u);
}

TEST(CounterPlanTest, UserOnlyMakesTheTracepointNotPermitted) {
  PlanOptions options;
  options.user_only = true;
  const CounterPlan plan = PlanCounters({"syscalls", "task-clock"}, options);
  SKIP_WITHOUT_PERF_EVENTS(plan);
  EXPECT_TRUE(plan.user_only);
  EXPECT_EQ(plan.counters[0].status, EventStatus::kNotPermitted);
  EXPECT_NE(plan.counters[0].reason.find("sysctl kernel.perf_event_paranoid=1"), std::string::npos);
  EXPECT_EQ(plan.counters[1].status, EventStatus::kCounted);
}

// In user mode a context switch or a migration counts 0 (ModeEffect::
// kKernelOnly; TreeCountingTest.UserModeOnlyCountsWhatTheKernelFilters shows
// it): not permitted, as the tracepoint. Page faults in user mode are real.
TEST(CounterPlanTest, UserOnlyMakesTheKernelOnlySoftwareEventsNotPermitted) {
  PlanOptions options;
  options.user_only = true;
  const CounterPlan plan = PlanCounters(
      {"task-clock", "context-switches", "cpu-migrations", "page-faults", "cs"}, options);
  SKIP_WITHOUT_PERF_EVENTS(plan);
  EXPECT_EQ(plan.counters[0].status, EventStatus::kCounted);
  for (const std::size_t i : {1, 2, 4}) {
    EXPECT_EQ(plan.counters[i].status, EventStatus::kNotPermitted) << plan.counters[i].label;
    EXPECT_NE(plan.counters[i].reason.find("only in the kernel"), std::string::npos)
        << plan.counters[i].reason;
  }
  EXPECT_EQ(plan.counters[3].status, EventStatus::kCounted);
  options.user_only = false;
  const CounterPlan full = PlanCounters({"context-switches"}, options);
  EXPECT_EQ(full.counters[0].status, EventStatus::kCounted) << full.counters[0].reason;
}

TEST(CounterPlanTest, FallbackChainIsWalkedAndRecorded) {
  PlanOptions options;
  options.platform = platforms::PlatformId::kSkylake;
  const CounterPlan plan = PlanCounters({"icache-misses"}, options);
  const PlannedCounter& c = plan.counters.at(0);
  // Skylake's table event, its fallback, then the generic cache event. The
  // walk stops at the first step that counts: the first on a Skylake with
  // its PMU, a later one or none elsewhere (a VM without a PMU lists all).
  const std::vector<std::string> chain = {
      "skl::ICACHE_64B:IFTAG_MISS", "skl::FRONTEND_RETIRED:L1I_MISS", "L1-icache-load-misses"};
  ASSERT_FALSE(c.steps.empty());
  ASSERT_LE(c.steps.size(), chain.size());
  for (std::size_t i = 0; i < c.steps.size(); ++i) {
    EXPECT_EQ(c.steps[i].event, chain[i]) << i;
    if (i + 1 < c.steps.size()) {
      EXPECT_NE(c.steps[i].status, EventStatus::kCounted) << "the walk went past a counted step";
    }
  }
  if (c.steps.size() < chain.size()) {
    EXPECT_EQ(c.steps.back().status, EventStatus::kCounted);
  }
}

TEST(CounterPlanTest, UnknownAndDuplicateWords) {
  const CounterPlan plan = PlanCounters({"task-clock", "bogus-event-q", "task-clock"}, {});
  ASSERT_EQ(plan.counters.size(), 2u);
  EXPECT_EQ(plan.counters[1].status, EventStatus::kUnknown);
  EXPECT_EQ(plan.counters[1].label, "bogus-event-q");
  EXPECT_NE(plan.counters[1].reason.find("libpfm4"), std::string::npos);
}

}  // namespace
}  // namespace timeit::counters
