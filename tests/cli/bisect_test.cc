// `git bisect run timeit --baseline good.csv --bisect -m METRIC -- ./work`
// on a generated repository of 8 commits, the 6th of which makes ./work 300
// times slower: 300000 system calls instead of 1000. It gates on the
// syscalls counter, which counts them exactly whatever the load of the
// machine, so the good commits are the same in every run and the slow one
// is worse by far: the bisection must name the 6th commit.
#include <gtest/gtest.h>

#include "tests/cli/run_timeit.h"
#include "tests/cli/summary_csv.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

ProcessResult Git(const std::filesystem::path& repo, std::vector<std::string> args) {
  std::vector<std::string> argv = {"git",
                                   "-c",
                                   "user.name=timeit test",
                                   "-c",
                                   "user.email=test@example.com",
                                   "-c",
                                   "commit.gpgsign=false"};
  argv.insert(argv.end(), args.begin(), args.end());
  return RunProcess(argv, "", repo);
}

/// Whether this machine counts the syscalls metric (tracefs and permission).
bool SyscallsCount(const TempDir& dir) {
  const ProcessResult r = RunTimeit(
      {"-q", "-n", "1", "-w", "0", "-e", "syscalls", "-o", "probe.csv", SYSCALL_LOOP_BINARY, "10"},
      "", dir.path());
  if (r.exit_status != 0) return false;
  const auto rows = SummaryRows(ReadFile(dir.path() / "probe.csv"));
  return rows.size() == 1 && !rows[0].at("syscalls").empty();
}

TEST(BisectTest, GitBisectRunFindsTheSlowingCommit) {
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "git bisect runs timeit directly, not through the emulator";
#endif
  TempDir dir;
  if (RunProcess({"git", "--version"}).exit_status != 0) GTEST_SKIP() << "git is not installed";
  if (!SyscallsCount(dir)) GTEST_SKIP() << "the syscalls metric does not count here (timeit check)";
  const std::filesystem::path repo = dir.path() / "repo";
  std::filesystem::create_directory(repo);
  ASSERT_EQ(Git(repo, {"init", "-q"}).exit_status, 0);
  for (int i = 1; i <= 8; ++i) {
    const int calls = i < 6 ? 1000 : 300000;
    dir.Write("repo/work", "#!/bin/sh\nexec " + std::string(SYSCALL_LOOP_BINARY) + " " +
                               std::to_string(calls) + "\n");
    std::filesystem::permissions(repo / "work", std::filesystem::perms::owner_all);
    dir.Write("repo/version", std::to_string(i) + "\n");
    ASSERT_EQ(Git(repo, {"add", "work", "version"}).exit_status, 0);
    ASSERT_EQ(Git(repo, {"commit", "-q", "-m", "commit " + std::to_string(i)}).exit_status, 0);
  }
  const std::string slowing = Git(repo, {"rev-parse", "HEAD~2"}).out.substr(0, 40);

  ASSERT_EQ(Git(repo, {"checkout", "-q", "HEAD~7"}).exit_status, 0);
  const ProcessResult good =
      RunTimeit({"-q", "-n", "3", "-e", "syscalls", "-o", "../good.csv", "./work"}, "", repo);
  ASSERT_EQ(good.exit_status, 0) << good.err;
  ASSERT_EQ(Git(repo, {"checkout", "-q", "-"}).exit_status, 0);

  ASSERT_EQ(Git(repo, {"bisect", "start", "HEAD", "HEAD~7"}).exit_status, 0);
  const ProcessResult bisect =
      Git(repo, {"bisect", "run", TIMEIT_BINARY, "-q", "-n", "3", "-e", "syscalls", "--baseline",
                 "../good.csv", "--bisect", "-m", "syscalls", "--", "./work"});
  EXPECT_EQ(bisect.exit_status, 0) << bisect.out << bisect.err;
  EXPECT_NE(bisect.out.find(slowing + " is the first bad commit"), std::string::npos)
      << bisect.out << bisect.err;
  // Each step said what it found, and none was skipped.
  EXPECT_NE(bisect.out.find("bisect: good (exit 0) against good: syscalls "), std::string::npos)
      << bisect.out;
  EXPECT_NE(bisect.out.find("bisect: bad (exit 1) against good: syscalls worse"), std::string::npos)
      << bisect.out;
  EXPECT_EQ(bisect.out.find("bisect: skip"), std::string::npos) << bisect.out;
  Git(repo, {"bisect", "reset", "-q"});
}

}  // namespace
}  // namespace timeit::testing
