// MetricBaseName, the one rule for a column's metric: perf's modifier suffix
// and a target dropped, and every tracepoint the kernel has left as it is.
#include "platforms/metric_name.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "platforms/file_text.h"

namespace timeit::platforms {
namespace {

TEST(MetricNameTest, EveryTracepointOfThisKernelIsItsOwnBase) {
  std::optional<std::string> events;
  for (const char* root : {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"})
    if ((events = ReadFileText(std::string(root) + "/available_events"))) break;
  if (!events) GTEST_SKIP() << "tracefs is not mounted here";
  std::istringstream lines(*events);
  int names = 0;
  for (std::string name; std::getline(lines, name); ++names) {
    EXPECT_EQ(MetricBaseName(name, MetricTarget::kDrop), name);
    EXPECT_EQ(MetricBaseName(name + ":u", MetricTarget::kDrop), name);
    EXPECT_EQ(MetricBaseName(name + ":k@server", MetricTarget::kKeep), name + "@server");
  }
  EXPECT_GT(names, 100);
}

TEST(MetricNameTest, ModifiersAndTargetsAsTimeitAndPerfWriteThem) {
  EXPECT_EQ(MetricBaseName("cycles:u", MetricTarget::kKeep), "cycles");
  EXPECT_EQ(MetricBaseName("instructions:uk", MetricTarget::kDrop), "instructions");
  EXPECT_EQ(MetricBaseName("task-clock:u", MetricTarget::kDrop), "task-clock");
  EXPECT_EQ(MetricBaseName("cycles:u@server", MetricTarget::kKeep), "cycles@server");
  EXPECT_EQ(MetricBaseName("cycles:u@server", MetricTarget::kDrop), "cycles");
  EXPECT_EQ(MetricBaseName("cgroup-user@db", MetricTarget::kDrop), "cgroup-user");
  EXPECT_EQ(MetricBaseName("ipc", MetricTarget::kDrop), "ipc");
  // libpfm4's names and modifiers are not perf's: left whole.
  EXPECT_EQ(MetricBaseName("ICACHE:MISSES", MetricTarget::kDrop), "ICACHE:MISSES");
  EXPECT_EQ(MetricBaseName("cycles:x", MetricTarget::kDrop), "cycles:x");
  EXPECT_EQ(MetricBaseName(":u", MetricTarget::kDrop), ":u");
  EXPECT_EQ(MetricBaseName("cycles:", MetricTarget::kDrop), "cycles:");
}

}  // namespace
}  // namespace timeit::platforms
