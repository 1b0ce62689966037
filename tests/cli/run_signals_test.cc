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

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {
namespace fs = std::filesystem;

/// timeit started in the background in `dir`, output to files there.
pid_t StartTimeit(const std::vector<std::string>& args, const fs::path& dir) {
  std::vector<std::string> argv;
#ifdef TIMEIT_EMULATOR
  argv.push_back("/usr/bin/env");  // the emulator's words, looked up in PATH
  std::istringstream emulator(TIMEIT_EMULATOR);
  for (std::string word; emulator >> word;) argv.push_back(word);
#endif
  argv.push_back(TIMEIT_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  const pid_t pid = fork();
  if (pid == 0) {
    const int out = ::open((dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open((dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = ::open("/dev/null", O_RDONLY);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    if (chdir(dir.c_str()) != 0) _exit(126);
    std::vector<char*> a;
    for (std::string& s : argv) a.push_back(s.data());
    a.push_back(nullptr);
    execv(a[0], a.data());
    _exit(127);
  }
  return pid;
}

/// Waits (no deadline assertion: the test's own timeout covers a hang) until
/// `file` holds `lines` lines, and returns them.
std::vector<pid_t> WaitForPids(const fs::path& file, std::size_t lines) {
  for (;;) {
    std::ifstream in(file);
    std::vector<pid_t> pids;
    for (long p; in >> p;) pids.push_back(static_cast<pid_t>(p));
    if (pids.size() >= lines) return pids;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

int WaitExit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

bool Alive(pid_t pid) { return ::kill(pid, 0) == 0; }

// Runs 1 and 2 finish; run 3 starts two background sleepers (which a
// non-interactive shell starts with SIGINT ignored) and a foreground one.
const std::string kThirdRunHangs =
    "n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; [ $n -lt 3 ] && exit 0; "
    "sleep 300 & echo $! >> pids; sleep 300 & echo $! >> pids; sleep 300";

TEST(RunSignalsTest, SigintWhileTheCommandHasChildren) {
  TempDir dir;
  const pid_t timeit =
      StartTimeit({"-n", "5", "-w", "0", "-o", "s.csv", "sh", "-c", kThirdRunHangs}, dir.path());
  const std::vector<pid_t> sleepers = WaitForPids(dir.path() / "pids", 2);
  ASSERT_EQ(::kill(timeit, SIGINT), 0);
  EXPECT_EQ(WaitExit(timeit), 130);
  for (const pid_t p : sleepers) EXPECT_FALSE(Alive(p)) << "survivor " << p;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "run"), (std::vector<std::string>{"1", "2"}));
  EXPECT_NE(ReadFile(dir.path() / "stderr").find("interrupted by SIGINT"), std::string::npos);
}

TEST(RunSignalsTest, SigtermAndSighupToo) {
  for (const int sig : {SIGTERM, SIGHUP}) {
    TempDir dir;
    const pid_t timeit =
        StartTimeit({"-n", "5", "-w", "0", "-o", "s.csv", "sh", "-c", kThirdRunHangs}, dir.path());
    const std::vector<pid_t> sleepers = WaitForPids(dir.path() / "pids", 2);
    ASSERT_EQ(::kill(timeit, sig), 0);
    EXPECT_EQ(WaitExit(timeit), 128 + sig);
    for (const pid_t p : sleepers) EXPECT_FALSE(Alive(p)) << "survivor " << p;
    EXPECT_EQ(ReadRuns(dir.path() / "s.csv").rows.size(), 2u);
  }
}

TEST(RunSignalsTest, KillNineLosesNoFinishedRun) {
  TempDir dir;
  const pid_t timeit =
      StartTimeit({"-n", "5", "-w", "0", "-o", "s.csv", "sh", "-c", kThirdRunHangs}, dir.path());
  const std::vector<pid_t> sleepers = WaitForPids(dir.path() / "pids", 2);
  ASSERT_EQ(::kill(timeit, SIGKILL), 0);
  EXPECT_EQ(WaitExit(timeit), 128 + SIGKILL);
  for (const pid_t p : sleepers) ::kill(p, SIGKILL);  // orphans of a killed timeit
  const std::string text = ReadFile(dir.path() / "s.csv");
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  const ResultsTable t = ReadRuns(dir.path() / "s.csv");  // every row complete
  EXPECT_EQ(t.rows.size(), 2u);
  // A second half after the "reboot" continues the numbering.
  const ProcessResult r =
      RunTimeit({"-n", "1", "-w", "0", "-q", "-o", "s.csv", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "run"),
            (std::vector<std::string>{"1", "2", "3"}));
}

TEST(RunSignalsTest, LeftoversOfTheProcessGroupAreKilledAndReported) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "1", "-w", "0", "-o", "s.csv", "sh", "-c", "sleep 300 & echo $! > pids"}, "",
                dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.err.find("outlived it"), std::string::npos) << r.err;
  for (const pid_t p : WaitForPids(dir.path() / "pids", 1)) EXPECT_FALSE(Alive(p));
}

}  // namespace
}  // namespace timeit::testing
