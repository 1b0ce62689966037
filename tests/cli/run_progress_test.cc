// What a user sees of a series besides the CSV: the progress line, and what
// is left behind when no run finished.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/cli/run_timeit.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

constexpr std::string_view kUpAndErase = "\033[A\r\033[K";

bool KernelCountsWrittenBytes() { return std::ifstream("/proc/self/io").good(); }

TEST(RunProgressTest, SilentCommandKeepsOneRewrittenLine) {
  if (!KernelCountsWrittenBytes()) GTEST_SKIP() << "no /proc/self/io here";
  TempDir dir;
  // Output inherited (the default): the line ends in a line break and is
  // taken back (cursor up, erase) while the command printed nothing.
  const ProcessResult r = RunTimeit({"-n", "3", "-w", "1", "--no-counters", "--no-cgroup",
                                     "--progress", "bar", "-o", "s.csv", "sleep", "0"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.err.find("timeit: warm-up 1/1  elapsed 0:00\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(std::string(kUpAndErase) + "timeit: run 1/3  elapsed "), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(std::string(kUpAndErase) + "timeit: run 3/3  elapsed "), std::string::npos)
      << r.err;
  // Three runs redraw it, and it is erased before the summary.
  EXPECT_EQ(Count(r.err, kUpAndErase), 4u) << r.err;
}

TEST(RunProgressTest, CommandOutputIsNeverOverwritten) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "1", "--no-counters", "--no-cgroup", "--progress", "bar", "-o",
                 "s.csv", "sh", "-c", "echo out; echo err >&2"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(Count(r.err, kUpAndErase), 0u) << r.err;
  EXPECT_NE(r.err.find("timeit: warm-up 1/1  elapsed 0:00\nerr\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("timeit: run 1/2  elapsed "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("timeit: run 2/2  elapsed "), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("out\nout\nout\n"), 0u) << r.out;
}

TEST(RunProgressTest, OutputElsewhereRewritesTheLineWithoutBreaks) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "1", "--no-counters", "--no-cgroup", "--progress", "bar",
                 "--command-output", "null", "-o", "s.csv", "echo", "hi"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.err.find("\r\033[Ktimeit: warm-up 1/1  elapsed 0:00\r\033[Ktimeit: run 1/2"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(Count(r.err, kUpAndErase), 0u) << r.err;
}

TEST(RunProgressTest, NoRunFinishedLeavesNoFile) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "3", "--no-counters", "--prepare", "exit 4", "-o", "s.csv", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "s.csv")) << r.err;
}

TEST(RunProgressTest, AFailedFirstRunIsKept) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "3", "-w", "0", "--no-counters", "-o", "s.csv", "false"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_NE(r.err.find("stopped; the finished runs are in s.csv"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "s.csv"));
}

TEST(RunProgressTest, AFileAppendedToIsLeftAsItWas) {
  TempDir dir;
  ASSERT_EQ(
      RunTimeit({"-n", "1", "-w", "0", "--no-counters", "-o", "s.csv", "true"}, "", dir.path())
          .exit_status,
      0);
  const auto size = std::filesystem::file_size(dir.path() / "s.csv");
  const ProcessResult r = RunTimeit(
      {"-n", "1", "--no-counters", "--prepare", "exit 4", "-o", "s.csv", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 1) << r.err;
  ASSERT_TRUE(std::filesystem::exists(dir.path() / "s.csv"));
  EXPECT_EQ(std::filesystem::file_size(dir.path() / "s.csv"), size);
}

}  // namespace
}  // namespace timeit::testing
