// Counts a real process tree through the same code path the run loop uses
// (plan, open on the child before exec, read after reaping), with the
// events every machine has: the syscall tracepoint and software events.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "counters/counter_plan.h"
#include "counters/generic_events.h"
#include "counters/tree_counters.h"
#include "tests/counters/count_run.h"
#include "tests/test_paths.h"
#include "tests/counters/test_programs.h"

namespace timeit::counters {
namespace {

/// perf stat's count of raw_syscalls:sys_enter for the same command.
long PerfStatSyscalls(const std::string& args) {
  const std::string cmd =
      "perf stat -x, -e raw_syscalls:sys_enter -- " + std::string(kLoop) + " " + args + " 2>&1";
  FILE* out = popen(cmd.c_str(), "r");
  if (out == nullptr) return -1;
  char line[512];
  long count = -1;
  while (fgets(line, sizeof line, out) != nullptr) {
    const std::string text = line;
    if (text.find("raw_syscalls:sys_enter") != std::string::npos) count = std::stol(text);
  }
  pclose(out);
  return count;
}

/// The plan for `words` on this machine; each test skips itself when the
/// counter it needs is not counted here (a VM, qemu-user, a paranoid kernel).
CounterPlan Plan(const std::vector<std::string>& words) {
  return PlanCounters(words, PlanOptions{});
}

TEST(TreeCountingTest, SyscallsMatchPerfStatExactly) {
  CounterPlan plan = Plan({"syscalls"});
  ASSERT_EQ(plan.counters.size(), 1u);
  if (plan.counters[0].status != EventStatus::kCounted) {
    GTEST_SKIP() << "syscall tracepoint not countable here: " << plan.counters[0].reason;
  }
  TreeCounters counters({*plan.counters[0].encoding}, plan.user_only);
  constexpr long kCalls = 100000;
  const auto readings = CountRun(counters, {kLoop, std::to_string(kCalls)});
  ASSERT_EQ(readings.size(), 1u);
  ASSERT_EQ(readings[0].status, EventStatus::kCounted) << readings[0].reason;
  const long ours = static_cast<long>(*readings[0].value);
  EXPECT_GE(ours, kCalls);
  EXPECT_LT(ours, kCalls + 200);  // exec's and libc's own start-up calls
  const long perf = PerfStatSyscalls(std::to_string(kCalls));
  if (perf < 0) GTEST_SKIP() << "perf stat unavailable; ours: " << ours;
  EXPECT_EQ(ours, perf);
  EXPECT_EQ(readings[0].running_fraction, 1.0);
}

TEST(TreeCountingTest, TreeOfTwoWithinOnePercentOfPerfStat) {
  CounterPlan plan = Plan({"syscalls"});
  if (plan.counters[0].status != EventStatus::kCounted) GTEST_SKIP() << plan.counters[0].reason;
  TreeCounters counters({*plan.counters[0].encoding}, plan.user_only);
  constexpr long kCalls = 50000;
  // The parent makes kCalls, its one child another kCalls.
  const auto readings = CountRun(counters, {kLoop, std::to_string(kCalls), "1"});
  ASSERT_EQ(readings[0].status, EventStatus::kCounted) << readings[0].reason;
  const double ours = *readings[0].value;
  EXPECT_GE(ours, 2.0 * kCalls);
  const long perf = PerfStatSyscalls(std::to_string(kCalls) + " 1");
  if (perf < 0) GTEST_SKIP() << "perf stat unavailable";
  EXPECT_NEAR(ours, static_cast<double>(perf), 0.01 * static_cast<double>(perf));
}

TEST(TreeCountingTest, SoftwareMetricsArePresentAndCountTheTree) {
  CounterPlan plan = Plan({"task-clock", "context-switches", "cpu-migrations", "page-faults"});
  if (plan.counters[0].status != EventStatus::kCounted) {
    GTEST_SKIP() << "no perf_event_open here (qemu-user?): " << plan.counters[0].reason;
  }
  std::vector<EventEncoding> events;
  for (const PlannedCounter& c : plan.counters) {
    ASSERT_EQ(c.status, EventStatus::kCounted) << c.label << ": " << c.reason;
    events.push_back(*c.encoding);
  }
  TreeCounters counters(events, plan.user_only);
  // A series reuses one TreeCounters: run twice.
  for (int run = 0; run < 2; ++run) {
    const auto readings = CountRun(counters, {kLoop, "20000", "2"});
    ASSERT_EQ(readings.size(), 4u);
    for (const CounterReading& r : readings) {
      EXPECT_EQ(r.status, EventStatus::kCounted) << r.reason << " (run " << run << ")";
      ASSERT_TRUE(r.value.has_value());
    }
    EXPECT_GT(*readings[0].value, 0.0);   // task-clock, ns
    EXPECT_GT(*readings[3].value, 30.0);  // three processes fault in their pages
  }
}

/// :u and :k split what the event counts: a page fault is the user's when
/// the faulting instruction was in user mode, the kernel's otherwise (a
/// copy_to_user). In one group, read at once, :u + :k is the whole exactly:
/// the truth the modifiers must meet, here for perf's, raw-free generic
/// names and libpfm4's strings; tests/system does the same for instructions
/// on the emulated Neoverse N1 PMU.
TEST(TreeCountingTest, UserPlusKernelIsTheWhole) {
  CounterPlan plan = PlanCounters(
      {"page-faults", "page-faults:u", "page-faults:k", "perf::PERF_COUNT_SW_PAGE_FAULTS:u"},
      PlanOptions{});
  std::vector<EventEncoding> events;
  for (const PlannedCounter& c : plan.counters) {
    if (c.status != EventStatus::kCounted) GTEST_SKIP() << c.label << ": " << c.reason;
    events.push_back(*c.encoding);
  }
  TreeCounters counters(events, plan.user_only);
  const auto r = CountRun(counters, {kLoop, "1000", "2"});
  ASSERT_EQ(r.size(), 4u);
  for (const CounterReading& x : r) ASSERT_TRUE(x.value) << x.reason;
  EXPECT_GT(*r[1].value, 0.0);
  EXPECT_GT(*r[2].value, 0.0);
  EXPECT_EQ(*r[1].value + *r[2].value, *r[0].value);
  EXPECT_EQ(*r[3].value, *r[1].value);  // libpfm4's ":u" is perf's ":u"
}

/// What counting user mode only does to each software event, as
/// ModeEffectOf says, here shown by the kernel itself: a syscall loop spends
/// most of its CPU time in the kernel, yet task-clock:u is all of it; a
/// sleep switches context, yet context-switches:u is 0 (the switch happens
/// in the kernel); page faults split (UserPlusKernelIsTheWhole).
TEST(TreeCountingTest, UserModeOnlyCountsWhatTheKernelFilters) {
  PlanOptions full;
  full.user_only = false;
  const CounterPlan plan = PlanCounters(
      {"task-clock", "task-clock:u", "context-switches", "context-switches:u", "cpu-migrations:u"},
      full);
  std::vector<EventEncoding> events;
  for (const PlannedCounter& c : plan.counters) {
    if (c.status != EventStatus::kCounted) GTEST_SKIP() << c.label << ": " << c.reason;
    events.push_back(*c.encoding);
  }
  EXPECT_EQ(ModeEffectOf(events[0]), ModeEffect::kNone);
  EXPECT_EQ(ModeEffectOf(events[2]), ModeEffect::kKernelOnly);
  EXPECT_EQ(ModeEffectOf(*FindGenericEvent("cpu-clock")), ModeEffect::kNone);
  EXPECT_EQ(ModeEffectOf(*FindGenericEvent("cpu-migrations")), ModeEffect::kKernelOnly);
  EXPECT_EQ(ModeEffectOf(*FindGenericEvent("page-faults")), ModeEffect::kFiltered);
  EXPECT_EQ(ModeEffectOf(*FindGenericEvent("instructions")), ModeEffect::kFiltered);
  TreeCounters counters(events, plan.user_only);
  const auto r = CountRun(counters, {"/bin/sh", "-c", std::string(kLoop) + " 20000; sleep 0.01"});
  ASSERT_EQ(r.size(), 5u);
  for (const CounterReading& x : r) ASSERT_TRUE(x.value) << x.reason;
  EXPECT_GT(*r[0].value, 0.0);
  // Read at once in one group: the same clock (0.1% for the reads' order).
  EXPECT_NEAR(*r[1].value, *r[0].value, 0.001 * *r[0].value);
  EXPECT_GE(*r[2].value, 1.0);
  EXPECT_EQ(*r[3].value, 0.0);
  EXPECT_EQ(*r[4].value, 0.0);
}

TEST(TreeCountingTest, HardwareCyclesWhenThereIsAPmu) {
  CounterPlan plan = Plan({"cycles", "instructions"});
  if (plan.counters[0].status != EventStatus::kCounted) {
    GTEST_SKIP() << "no hardware PMU: cycles " << StatusName(plan.counters[0].status) << " ("
                 << plan.counters[0].reason << ")";
  }
  TreeCounters counters({*plan.counters[0].encoding, *plan.counters[1].encoding}, plan.user_only);
  const auto readings = CountRun(counters, {kLoop, "10000"});
  ASSERT_TRUE(readings[0].value && readings[1].value);
  EXPECT_GT(*readings[0].value, 10000.0);
  EXPECT_GT(*readings[1].value, 10000.0);
}

TEST(TreeCountingTest, ACommandThatNeverExecsIsNotCountedNotZero) {
  CounterPlan plan = Plan({"task-clock"});
  if (plan.counters[0].status != EventStatus::kCounted) GTEST_SKIP() << plan.counters[0].reason;
  TreeCounters counters({*plan.counters[0].encoding}, plan.user_only);
  const auto readings = CountRun(counters, {"/nonexistent/command"}, 127);
  // The child exits 127 without exec: enable_on_exec never fired.
  ASSERT_EQ(readings.size(), 1u);
  EXPECT_EQ(readings[0].status, EventStatus::kNotCounted);
  EXPECT_FALSE(readings[0].value.has_value());
}

}  // namespace
}  // namespace timeit::counters
