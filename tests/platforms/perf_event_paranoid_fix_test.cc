// ParanoidSysctl, the one spelling of the fix every message names: the
// sysctl it names is the one procps' sysctl reads here, with the value
// timeit reads.
#include "platforms/perf_event_paranoid_fix.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "platforms/system_roots.h"

namespace timeit::platforms {
namespace {

std::string Output(const std::string& command) {
  std::string text;
  FILE* p = ::popen(command.c_str(), "r");
  char block[256];
  for (std::size_t n; p != nullptr && (n = std::fread(block, 1, sizeof block, p)) > 0;)
    text.append(block, n);
  if (p != nullptr) ::pclose(p);
  return text;
}

TEST(PerfEventParanoidFixTest, TheSysctlNamedIsTheOneTimeitReads) {
  const std::string fix = ParanoidSysctl(1);
  ASSERT_TRUE(fix.starts_with("sysctl ")) << fix;
  const std::string name = fix.substr(7, fix.find('=') - 7);
  EXPECT_EQ(fix.substr(fix.find('=') + 1), "1");
  const std::string sysctl = Output("sysctl -n " + name + " 2>&1");
  const std::optional<int> ours = ReadPerfEventParanoid(SystemRootsFromEnvironment());
  ASSERT_TRUE(ours.has_value());
  EXPECT_EQ(sysctl, std::to_string(*ours) + "\n") << "sysctl -n " << name;
  EXPECT_EQ(ParanoidSysctl(0), "sysctl " + name + "=0");
}

TEST(PerfEventParanoidFixTest, TheEventsReasonQuotesTheSameCommand) {
  EXPECT_NE(AllowKernelCounting().find("`" + ParanoidSysctl(1) + "`"), std::string::npos);
  EXPECT_NE(AllowKernelCounting().find("CAP_PERFMON"), std::string::npos);
}

}  // namespace
}  // namespace timeit::platforms
