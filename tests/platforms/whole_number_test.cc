// ParseWhole and ParseKernelNumber, the one home of whole numbers: the
// kernel's own fields read as strtoll/strtoull read them, and everything
// those accept only in part refused.
#include "platforms/whole_number.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "platforms/file_text.h"

namespace timeit::platforms {
namespace {

TEST(WholeNumberTest, EveryFieldOfProcSelfStatAsStrtoll) {
  const std::string stat = ReadFileText("/proc/self/stat").value_or("");
  const std::size_t paren = stat.rfind(')');
  ASSERT_NE(paren, std::string::npos) << stat;
  std::istringstream fields(stat.substr(paren + 2));
  int numbers = 0;
  for (std::string field; fields >> field;) {
    long long v = 0;
    unsigned long long u = 0;  // rsslim is RLIM_INFINITY, 2^64 - 1
    if (field.find_first_not_of("-0123456789") != std::string::npos) {
      EXPECT_FALSE(ParseWhole(field, v)) << field;  // the state letter
      EXPECT_FALSE(ParseWhole(field, u)) << field;
      continue;
    }
    if (field.starts_with('-')) {
      ASSERT_TRUE(ParseWhole(field, v)) << field;
      EXPECT_EQ(v, std::strtoll(field.c_str(), nullptr, 10)) << field;
      EXPECT_FALSE(ParseWhole(field, u)) << field;
    } else {
      ASSERT_TRUE(ParseWhole(field, u)) << field;
      EXPECT_EQ(u, std::strtoull(field.c_str(), nullptr, 10)) << field;
    }
    ++numbers;
  }
  EXPECT_GE(numbers, 40);  // proc(5): 52 fields, one of them a letter
}

TEST(WholeNumberTest, PmuEventTermsAsStrtoullWithBaseZero) {
  int terms = 0;
  for (const auto& pmu : std::filesystem::directory_iterator("/sys/bus/event_source/devices")) {
    std::error_code ec;
    for (const auto& event : std::filesystem::directory_iterator(pmu.path() / "events", ec)) {
      const std::string text = ReadFileText(event.path().string()).value_or("");
      const std::size_t at = text.find("event=");
      if (at == std::string::npos) continue;
      std::string term = text.substr(at + 6);
      term = term.substr(0, term.find_first_of(",\n"));
      std::uint64_t v = 0;
      ASSERT_TRUE(ParseKernelNumber(term, v)) << event.path();
      EXPECT_EQ(v, std::strtoull(term.c_str(), nullptr, 0)) << event.path();
      ++terms;
    }
  }
  if (terms == 0) GTEST_SKIP() << "no PMU here names an event (no msr, no hardware PMU)";
}

TEST(WholeNumberTest, WhatStrtolReadsOnlyInPartIsRefused) {
  long v = 0;
  for (const char* bad : {"", " 1", "1 ", "+1", "1x", "0x10", "--1", "9223372036854775808"})
    EXPECT_FALSE(ParseWhole(bad, v)) << bad;
  unsigned u = 0;
  EXPECT_FALSE(ParseWhole("-1", u));
  ASSERT_TRUE(ParseWhole("ff", u, 16));
  EXPECT_EQ(u, std::strtoul("ff", nullptr, 16));
  ASSERT_TRUE(ParseKernelNumber("0xd0c", u));
  EXPECT_EQ(u, std::strtoul("0xd0c", nullptr, 0));
  ASSERT_TRUE(ParseKernelNumber("010", u));
  EXPECT_EQ(u, 10u);  // cpuinfo's numbers are decimal: strtoul's base 0 would read octal 8
  EXPECT_FALSE(ParseKernelNumber("0x", u));
}

}  // namespace
}  // namespace timeit::platforms
