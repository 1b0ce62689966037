#include "counters/event_parser.h"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <cstdlib>

#include "counters/pfm_library.h"
#include "counters/tracefs.h"
#include "tests/test_paths.h"

namespace timeit::counters {
namespace {

bool IsArm64() {
#if defined(__aarch64__)
  return true;
#else
  return false;
#endif
}

TEST(EventParserTest, GenericEvents) {
  const ParsedEvent cycles = ParseEventString("cpu-cycles", false);
  ASSERT_TRUE(cycles.encoding);
  EXPECT_EQ(cycles.encoding->type, PERF_TYPE_HARDWARE);
  EXPECT_EQ(cycles.encoding->config, PERF_COUNT_HW_CPU_CYCLES);
  const ParsedEvent icache = ParseEventString("L1-icache-load-misses", false);
  ASSERT_TRUE(icache.encoding);
  EXPECT_EQ(icache.encoding->type, PERF_TYPE_HW_CACHE);
  EXPECT_EQ(icache.encoding->config, 0x10001u);
  const ParsedEvent clock = ParseEventString("task-clock", false);
  EXPECT_EQ(clock.encoding->type, PERF_TYPE_SOFTWARE);
}

TEST(EventParserTest, RawEvents) {
  const ParsedEvent raw = ParseEventString("r01c2", false);
  ASSERT_TRUE(raw.encoding);
  EXPECT_EQ(raw.encoding->type, PERF_TYPE_RAW);
  EXPECT_EQ(raw.encoding->config, 0x1c2u);
  EXPECT_EQ(raw.encoding->origin, EventOrigin::kRaw);
}

TEST(EventParserTest, TracepointIdFromTracefs) {
  const TracepointId id = ReadTracepointId("raw_syscalls:sys_enter");  // mounts tracefs if root
  if (!id.found) GTEST_SKIP() << "no tracefs here (errno " << id.error << ")";
  const ParsedEvent tp = ParseEventString("raw_syscalls:sys_enter", false);
  ASSERT_TRUE(tp.encoding);
  EXPECT_EQ(tp.encoding->type, PERF_TYPE_TRACEPOINT);
  EXPECT_EQ(tp.encoding->config, id.id);
  // Counting user mode only, a tracepoint would count nothing: refused.
  const ParsedEvent user = ParseEventString("raw_syscalls:sys_enter", true);
  EXPECT_EQ(user.status, EventStatus::kNotPermitted);
  EXPECT_FALSE(user.encoding);
  EXPECT_NE(user.reason.find("perf_event_paranoid"), std::string::npos);
}

TEST(EventParserTest, TracefsMountedMeansAnEventsDirectory) {
  EXPECT_FALSE(TracefsMounted({"/nonexistent", "/proc/self"}));
  EXPECT_TRUE(TracefsMounted({"/nonexistent", std::string(TIMEIT_SOURCE_DIR) +
                                                  "/tests/platforms/data/machines/"
                                                  "laptop-intel-pstate/sys/kernel/tracing"}));
}

TEST(EventParserTest, TracepointWithoutTracefsIsNotSupportedRatherThanUnknown) {
  // Tracefs() is looked up once per process: play a machine without it
  // before the first lookup (ctest runs each test in a process of its own).
  if (TracefsLookedUp()) GTEST_SKIP() << "tracefs already looked up in this process";
  ::setenv("TIMEIT_TRACEFS", "/nonexistent", 1);
  const ParsedEvent tp = ParseEventString("raw_syscalls:sys_enter", false);
  ::unsetenv("TIMEIT_TRACEFS");
  EXPECT_EQ(tp.status, EventStatus::kNotSupported) << tp.reason;
  EXPECT_NE(tp.reason.find("tracefs is not mounted"), std::string::npos) << tp.reason;
}

TEST(EventParserTest, TracefsRootsAreSearchedInOrder) {
  EXPECT_FALSE(ReadTracepointId("raw_syscalls:sys_enter", {"/nonexistent"}).found);
  EXPECT_TRUE(LooksLikeTracepoint("sched:sched_switch"));
  EXPECT_FALSE(LooksLikeTracepoint("skl::ICACHE_64B:IFTAG_MISS"));
  EXPECT_FALSE(LooksLikeTracepoint("cycles"));
}

TEST(EventParserTest, LibpfmEventsOfThisCpu) {
  // libpfm4's OS-generic PMU exists on every architecture.
  const ParsedEvent sw = ParseEventString("perf::PERF_COUNT_SW_CPU_CLOCK", false);
  ASSERT_TRUE(sw.encoding) << sw.reason;
  EXPECT_EQ(sw.encoding->type, PERF_TYPE_SOFTWARE);
  EXPECT_EQ(sw.encoding->origin, EventOrigin::kLibpfm);
  EXPECT_EQ(sw.encoding->name, "perf::PERF_COUNT_SW_CPU_CLOCK");
}

TEST(EventParserTest, UnknownNamesSaySo) {
  const ParsedEvent bad = ParseEventString("no-such-event-xyz", false);
  EXPECT_EQ(bad.status, EventStatus::kUnknown);
  EXPECT_NE(bad.reason.find("libpfm4"), std::string::npos);
}

// A PMU this libpfm4 lacks names an event of another machine: the run goes
// on with an empty column (timeit stops only for names nothing knows).
TEST(EventParserTest, AnotherArchitecturesPmuIsNotSupportedHere) {
  const std::string other = IsArm64() ? "netburst::global_power_events:RUNNING"
                                      : "arm_n1::CPU_CYCLES";
  const ParsedEvent e = ParseEventString(other, false);
  EXPECT_EQ(e.status, EventStatus::kNotSupported) << e.reason;
  EXPECT_NE(e.reason.find("has no PMU"), std::string::npos) << e.reason;
}

}  // namespace
}  // namespace timeit::counters
