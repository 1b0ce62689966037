// Signals and kill -9: finished runs survive in the CSV, and no process of
// the measured tree is left behind.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/cli/background_timeit.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {
namespace fs = std::filesystem;

bool Alive(pid_t pid) { return ::kill(pid, 0) == 0; }

// Runs 1 and 2 finish; run 3 starts two background sleepers (which a
// non-interactive shell starts with SIGINT ignored), then the shell writes
// its own pid and execs a foreground sleeper.
const std::string kThirdRunHangs =
    "n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; [ $n -lt 3 ] && exit 0; "
    "sleep 300 & echo $! >> pids; sleep 300 & echo $! >> pids; echo $$ >> pids; exec sleep 300";

/// The three sleepers of run 3, once the shell has become the foreground one.
/// Signalling earlier would race with dash, which catches SIGINT under -c
/// and may carry on between commands: a property of the shell, not of timeit.
/// Empty when timeit exited first (e.g. a default event it refused) or the
/// deadline passed; the sleepers that did start are killed then.
std::vector<pid_t> WaitForSleepers(const fs::path& dir, const BackgroundTimeit& timeit) {
  const std::vector<pid_t> pids = WaitForPids(dir / "pids", 3, &timeit);
  if (pids.size() == 3 && WaitUntilExecd(pids[2], "sleep", &timeit)) return pids;
  for (const pid_t p : pids) ::kill(p, SIGKILL);
  return {};
}

std::string EarlyExit(const fs::path& dir) {
  return "timeit exited before run 3 started, or run 3 never got there; its stderr:\n" +
         ReadFile(dir / "stderr");
}

TEST(RunSignalsTest, SigintWhileTheCommandHasChildren) {
  TempDir dir;
  // -e task-clock: no counting runs, so that -n 1 below is one row.
  BackgroundTimeit timeit(
      {"-n", "5", "-w", "0", "-e", "task-clock", "-o", "s.csv", "sh", "-c", kThirdRunHangs},
      dir.path());
  const std::vector<pid_t> sleepers = WaitForSleepers(dir.path(), timeit);
  ASSERT_EQ(sleepers.size(), 3u) << EarlyExit(dir.path());
  ASSERT_EQ(::kill(timeit.pid(), SIGINT), 0);
  EXPECT_EQ(timeit.WaitExit(), 130);
  for (const pid_t p : sleepers) EXPECT_FALSE(Alive(p)) << "survivor " << p;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "run"), (std::vector<std::string>{"1", "2"}));
  EXPECT_NE(ReadFile(dir.path() / "stderr").find("interrupted by SIGINT"), std::string::npos);
}

TEST(RunSignalsTest, SigtermAndSighupToo) {
  for (const int sig : {SIGTERM, SIGHUP}) {
    TempDir dir;
    BackgroundTimeit timeit({"-n", "5", "-w", "0", "-o", "s.csv", "sh", "-c", kThirdRunHangs},
                            dir.path());
    const std::vector<pid_t> sleepers = WaitForSleepers(dir.path(), timeit);
    ASSERT_EQ(sleepers.size(), 3u) << EarlyExit(dir.path());
    ASSERT_EQ(::kill(timeit.pid(), sig), 0);
    EXPECT_EQ(timeit.WaitExit(), 128 + sig);
    for (const pid_t p : sleepers) EXPECT_FALSE(Alive(p)) << "survivor " << p;
    EXPECT_EQ(ReadRuns(dir.path() / "s.csv").rows.size(), 2u);
  }
}

TEST(RunSignalsTest, KillNineLosesNoFinishedRun) {
  TempDir dir;
  // -e task-clock: no counting runs, so that -n 1 below is one row.
  BackgroundTimeit timeit(
      {"-n", "5", "-w", "0", "-e", "task-clock", "-o", "s.csv", "sh", "-c", kThirdRunHangs},
      dir.path());
  const std::vector<pid_t> sleepers = WaitForSleepers(dir.path(), timeit);
  ASSERT_EQ(sleepers.size(), 3u) << EarlyExit(dir.path());
  ASSERT_EQ(::kill(timeit.pid(), SIGKILL), 0);
  EXPECT_EQ(timeit.WaitExit(), 128 + SIGKILL);
  for (const pid_t p : sleepers) ::kill(p, SIGKILL);  // orphans of a killed timeit
  const std::string text = ReadFile(dir.path() / "s.csv");
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  const RunsTable t = ReadRuns(dir.path() / "s.csv");  // every row complete
  EXPECT_EQ(t.rows.size(), 2u);
  // A second half after the "reboot" continues the numbering.
  const ProcessResult r = RunTimeit(
      {"-n", "1", "-w", "0", "-e", "task-clock", "-q", "--append-any", "-o", "s.csv", "true"}, "",
      dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "run"),
            (std::vector<std::string>{"1", "2", "3"}));
}

TEST(RunSignalsTest, LeftoversOfTheProcessGroupAreKilledAndReported) {
  TempDir dir;
  // Without the run's cgroup: what timeit does where none can be had.
  const ProcessResult r = RunTimeit({"-n", "1", "-w", "0", "--no-cgroup", "-o", "s.csv", "sh", "-c",
                                     "sleep 300 & echo $! > pids"},
                                    "", dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.err.find("outlived it"), std::string::npos) << r.err;
  // The command has finished: its pid file is complete or will never be.
  const std::vector<pid_t> pids =
      WaitForPids(dir.path() / "pids", 1, nullptr, std::chrono::seconds(5));
  ASSERT_EQ(pids.size(), 1u) << "the command never wrote its sleeper's pid";
  for (const pid_t p : pids) EXPECT_FALSE(Alive(p));
}

}  // namespace
}  // namespace timeit::testing
