#include "counters/event_modifiers.h"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include "counters/event_parser.h"

namespace timeit::counters {
namespace {

TEST(EventModifiersTest, PrivilegeLevelsAsPerfReadsThem) {
  const auto u = SplitPerfModifiers("instructions:u");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->base, "instructions");
  EXPECT_FALSE(u->modifiers.exclude_user);
  EXPECT_TRUE(u->modifiers.exclude_kernel);
  EXPECT_TRUE(u->modifiers.exclude_hv);
  const auto k = SplitPerfModifiers("r08:k");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->base, "r08");
  EXPECT_TRUE(k->modifiers.exclude_user);
  EXPECT_FALSE(k->modifiers.exclude_kernel);
  const auto uk = SplitPerfModifiers("cycles:uk");
  ASSERT_TRUE(uk);
  EXPECT_FALSE(uk->modifiers.exclude_user || uk->modifiers.exclude_kernel);
  EXPECT_TRUE(uk->modifiers.exclude_hv);
}

TEST(EventModifiersTest, GuestHostIdlePinnedExclusive) {
  const auto g = SplitPerfModifiers("cycles:G");
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->modifiers.exclude_host);
  EXPECT_FALSE(g->modifiers.exclude_guest);
  EXPECT_FALSE(g->modifiers.exclude_user);  // no u/k/h: every level
  const auto rest = SplitPerfModifiers("cycles:HIDe");
  ASSERT_TRUE(rest);
  EXPECT_TRUE(rest->modifiers.exclude_guest);
  EXPECT_FALSE(rest->modifiers.exclude_host);
  EXPECT_TRUE(rest->modifiers.exclude_idle);
  EXPECT_TRUE(rest->modifiers.pinned);
  EXPECT_TRUE(rest->modifiers.exclusive);
}

TEST(EventModifiersTest, WhatIsNotAPerfModifierSuffix) {
  EXPECT_FALSE(SplitPerfModifiers("cycles"));
  EXPECT_FALSE(SplitPerfModifiers("cycles:"));
  EXPECT_FALSE(SplitPerfModifiers("cycles:p"));  // precise: sampling only
  EXPECT_FALSE(SplitPerfModifiers("sched:sched_switch"));
  EXPECT_FALSE(SplitPerfModifiers("skl::ICACHE_64B"));
}

TEST(EventModifiersTest, ParserKeepsThemForGenericAndRawEvents) {
  const ParsedEvent u = ParseEventString("instructions:u", false);
  ASSERT_TRUE(u.encoding) << u.reason;
  EXPECT_EQ(u.encoding->type, PERF_TYPE_HARDWARE);
  EXPECT_EQ(u.encoding->config, PERF_COUNT_HW_INSTRUCTIONS);
  EXPECT_TRUE(u.encoding->modifiers.exclude_kernel);
  EXPECT_EQ(u.encoding->name, "instructions:u");
  EXPECT_NE(DescribeEncoding(*u.encoding).find("user only"), std::string::npos);
  const ParsedEvent k = ParseEventString("r08:k", false);
  ASSERT_TRUE(k.encoding) << k.reason;
  EXPECT_EQ(k.encoding->type, PERF_TYPE_RAW);
  EXPECT_EQ(k.encoding->config, 0x8u);
  EXPECT_TRUE(k.encoding->modifiers.exclude_user);
  EXPECT_NE(DescribeEncoding(*k.encoding).find("kernel only"), std::string::npos);
}

TEST(EventModifiersTest, LibpfmModifiersAreKeptToo) {
  // libpfm4's OS-generic PMU exists on every architecture.
  const ParsedEvent u = ParseEventString("perf::PERF_COUNT_SW_PAGE_FAULTS:u", false);
  ASSERT_TRUE(u.encoding) << u.reason;
  EXPECT_TRUE(u.encoding->modifiers.exclude_kernel);
  EXPECT_FALSE(u.encoding->modifiers.exclude_user);
  const ParsedEvent k = ParseEventString("perf::PERF_COUNT_SW_PAGE_FAULTS:k", false);
  ASSERT_TRUE(k.encoding) << k.reason;
  EXPECT_TRUE(k.encoding->modifiers.exclude_user);
  EXPECT_FALSE(k.encoding->modifiers.exclude_kernel);
}

TEST(EventModifiersTest, KernelOnlyWhereTheKernelIsForbiddenCountsNothing) {
  const ParsedEvent k = ParseEventString("instructions:k", /*user_only=*/true);
  EXPECT_EQ(k.status, EventStatus::kNotPermitted);
  EXPECT_NE(k.reason.find("perf_event_paranoid"), std::string::npos);
  EXPECT_TRUE(ParseEventString("instructions:u", true).encoding);
}

}  // namespace
}  // namespace timeit::counters
