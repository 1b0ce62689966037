#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

/// One series reads the machine once (issue 37: one Machine per run): the
/// cpuinfo, the online CPUs and the kernel's PMU directory, which the
/// metadata, the conditions, the counters' plan, the cgroup counting probe
/// and its phrase all need, come from that one reading. strace, the peer
/// that sees every open(2), counts them.
TEST(MachineReadsTest, ASeriesOpensEachMachineFileOnce) {
  if (RunProcess({"sh", "-c", "command -v strace"}).exit_status != 0)
    GTEST_SKIP() << "strace is not installed (scripts/test.sh installs it)";
  const TempDir dir;
  const std::string trace = (dir.path() / "opens.txt").string();
  const ProcessResult r =
      RunProcess({"strace", "-f", "-qq", "-e", "trace=openat,open", "-o", trace, TIMEIT_BINARY,
                  "-q", "-n", "2", "-o", (dir.path() / "t.csv").string(), "--", "true"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string opens = ReadFile(trace);
  // The quoted path then the flags: the file itself, not one below it.
  for (const std::string& file : {std::string("\"/proc/cpuinfo\","),
                                  std::string("\"/sys/devices/system/cpu/online\","),
                                  std::string("\"/sys/bus/event_source/devices\",")}) {
    EXPECT_EQ(Occurrences(opens, file), 1) << file << " in\n" << opens;
  }
}

}  // namespace
}  // namespace timeit::testing
