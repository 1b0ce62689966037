// Whole-tree resource usage: what wait4 reports for the command and every
// descendant, checked against programs that burn a known amount of CPU.
#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

/// The one run's user time: the series here count -e task-clock alone, so
/// that -n 1 is one row (no counting runs, which TimingRunsTest covers).
double UserSeconds(const std::filesystem::path& csv) {
  const std::vector<std::string> user = ColumnOf(ReadRuns(csv), "user");
  EXPECT_EQ(user.size(), 1u);
  return user.empty() ? -1 : std::atof(user.front().c_str());
}

const std::string kBurn = BURN_CPU_BINARY;

TEST(RunUsageTest, UserTimeOfAProgramBurningKnownCpu) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "-q", "-o", "s.csv", kBurn, "0.4"}, "",
                dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NEAR(UserSeconds(dir.path() / "s.csv"), 0.4, 0.04);
}

TEST(RunUsageTest, UserTimeOfAProcessTreeOfTwo) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "-q", "-o", "s.csv",
                                     "sh", "-c", "\"$0\" 0.3 & \"$0\" 0.3; wait", kBurn},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NEAR(UserSeconds(dir.path() / "s.csv"), 0.6, 0.06);
}

TEST(RunUsageTest, OrphanReparentedToTimeitIsCounted) {
  // The subshell exits at once: the burner is orphaned while it runs, and
  // without PR_SET_CHILD_SUBREAPER its time would go to init, not the run.
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "-q", "-o", "s.csv", "sh", "-c",
                 "(\"$0\" 0.3 done &); while [ ! -e done ]; do sleep 0.01; done", kBurn},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_GE(UserSeconds(dir.path() / "s.csv"), 0.27);
}

TEST(RunUsageTest, CpuAffinityIsApplied) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "1", "-w", "0", "-q", "--cpus", "0", "-o", "s.csv", "sh",
                                     "-c", "grep Cpus_allowed_list /proc/self/status"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Cpus_allowed_list:\t0\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace timeit::testing
