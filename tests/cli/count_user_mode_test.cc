// A series counted as root and one counted as a user who may count user mode
// only (perf_event_paranoid 2) of the same command: what compare may set
// side by side and what it must not. A clock counts the same time in either
// mode, so task-clock compares; page faults taken in the kernel are left out
// in user mode, so page-faults:u does not; a context switch happens in the
// kernel, so in user mode it is not counted rather than a silent 0.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

int Paranoid() {
  std::ifstream in("/proc/sys/kernel/perf_event_paranoid");
  int level = -99;
  in >> level;
  return level;
}

/// Every counter in every run (--count-in-every-run): the modes are the
/// point here, and every row then has each counter's cell.
const std::vector<std::string> kSeries = {"-n",
                                          "3",
                                          "-w",
                                          "0",
                                          "-q",
                                          "-e",
                                          "task-clock,page-faults,context-switches",
                                          "--count-in-every-run"};

/// The series into dir/NAME.csv, as root or as uid nobody.
ProcessResult Series(const TempDir& dir, const std::string& name, bool as_user) {
  std::vector<std::string> argv;
  if (as_user)
    argv = {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", TIMEIT_BINARY};
  else
    argv = {TIMEIT_BINARY};
  argv.insert(argv.end(), kSeries.begin(), kSeries.end());
  for (std::string word : {std::string("-o"), name + ".csv",
                           CopyForAnyUser(SYSCALL_LOOP_BINARY, dir).string(), std::string("20000")})
    argv.push_back(std::move(word));
  return RunProcess(argv, "", dir.path());
}

TEST(CountUserModeTest, RootAndUserSeriesCompareTheirTaskClock) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to count one series as root, one as a user";
  if (Paranoid() < 2) GTEST_SKIP() << "perf_event_paranoid < 2: a user counts the kernel too";
  TempDir dir;
  ::chmod(dir.path().c_str(), 0777);
  const ProcessResult root = Series(dir, "root", false);
  ASSERT_EQ(root.exit_status, 0) << root.err;
  const ProcessResult user = Series(dir, "user", true);
  ASSERT_EQ(user.exit_status, 0) << user.err;

  const RunsTable t = ReadRuns(dir.path() / "user.csv");
  EXPECT_FALSE(t.Column("task-clock:u")) << "a clock has no mode";
  for (const std::string& cell : ColumnOf(t, "task-clock")) EXPECT_FALSE(cell.empty());
  for (const std::string& cell : ColumnOf(t, "page-faults:u")) EXPECT_FALSE(cell.empty());
  for (const std::string& cell : ColumnOf(t, "context-switches:u")) EXPECT_EQ(cell, "");
  EXPECT_TRUE(Contains(ColumnOf(t, "notes").at(0),
                       "context-switches: not permitted (it happens only in the kernel"))
      << ColumnOf(t, "notes").at(0);

  const ProcessResult compared = RunTimeit({"compare", "root.csv", "user.csv"}, "", dir.path());
  ASSERT_EQ(compared.exit_status, 0) << compared.err;
  EXPECT_TRUE(Contains(compared.out, "x root.task-clock (s)\n+ user.task-clock (s)\n"))
      << compared.out;
  EXPECT_TRUE(Contains(compared.out, "\ntask-clock (s) ")) << compared.out;
  EXPECT_FALSE(Contains(compared.err, "task-clock: counted in user mode only")) << compared.err;
  EXPECT_TRUE(Contains(compared.err, "page-faults: counted in user mode only (page-faults:u)"))
      << compared.err;
}

// A user's series of an earlier timeit named its clock "task-clock:u": it
// compares with a root series, and a user's series goes on in the file.
TEST(CountUserModeTest, AnEarlierTimeitsTaskClockUIsTheTaskClock) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to count one series as root, one as a user";
  if (Paranoid() < 2) GTEST_SKIP() << "perf_event_paranoid < 2: a user counts the kernel too";
  TempDir dir;
  ::chmod(dir.path().c_str(), 0777);
  ASSERT_EQ(Series(dir, "root", false).exit_status, 0);
  ASSERT_EQ(Series(dir, "user", true).exit_status, 0);
  std::string text = ReadFile(dir.path() / "user.csv");
  const std::size_t at = text.find(",task-clock,");
  ASSERT_LT(at, text.find('\n'));
  text.replace(at, 12, ",task-clock:u,");
  const std::filesystem::path earlier = dir.Write("earlier.csv", text);
  ::chmod(earlier.c_str(), 0666);

  const ProcessResult compared = RunTimeit({"compare", "root.csv", "earlier.csv"}, "", dir.path());
  ASSERT_EQ(compared.exit_status, 0) << compared.err;
  EXPECT_TRUE(Contains(compared.out, "\ntask-clock (s) ")) << compared.out;
  EXPECT_FALSE(Contains(compared.err, "task-clock: counted in user mode only")) << compared.err;

  const ProcessResult appended = Series(dir, "earlier", true);
  ASSERT_EQ(appended.exit_status, 0) << appended.err;
  const RunsTable t = ReadRuns(earlier);
  ASSERT_EQ(t.rows.size(), 6u);
  for (const std::string& cell : ColumnOf(t, "task-clock:u")) EXPECT_FALSE(cell.empty());
}

}  // namespace
}  // namespace timeit::testing
