// Faults around a series: timeit killed mid-write, signals while the tree
// has grandchildren that ignore them, a command that closes its stdout, a
// full file system under the CSV, a timeout of a whole tree. The plain cases
// (SIGINT/SIGTERM/SIGHUP, kill -9 between rows, --timeout of one process)
// are in run_signals_test.cc and run_series_test.cc.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/cli/background_timeit.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "wrapper/results/results_csv_reader.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {
namespace fs = std::filesystem;

using Cells = std::vector<std::string>;

/// Alive and not a zombie: a process of the tree that timeit did not stop.
bool Alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const std::size_t paren = line.rfind(')');
  return paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] != 'Z';
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Runs before `hang_at` finish; that one starts a grandchild (a subshell
// that execs sleep) ignoring SIGINT, SIGTERM and SIGHUP, and a plain
// background sleeper, records both pids, and waits in a foreground sleep.
std::vector<std::string> StubbornGrandchildrenAtRun(int hang_at) {
  return Sh("n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; [ $n -lt " +
            std::to_string(hang_at) +
            " ] && exit 0; "
            "sh -c 'trap \"\" INT TERM HUP; exec sleep 300' & echo $! >> pids; "
            "sh -c 'sleep 300' & echo $! >> pids; echo $$ >> pids; exec sleep 300");
}

/// The grandchildren, once the command's shell has exec'd its foreground
/// sleeper: signalling earlier races with dash, which catches SIGINT under
/// -c and may carry on between commands (the shell's doing, not timeit's).
/// Empty when timeit exited first or the deadline passed (what did start is
/// killed then).
std::vector<pid_t> WaitForGrandchildren(const fs::path& dir, const BackgroundTimeit& timeit) {
  std::vector<pid_t> pids = WaitForPids(dir / "pids", 3, &timeit);
  if (pids.size() < 3 || !WaitUntilExecd(pids[2], "sleep", &timeit)) {
    for (const pid_t p : pids) ::kill(p, SIGKILL);
    return {};
  }
  pids.pop_back();  // the command itself
  return pids;
}

TEST(RunFaultsTest, SignalsLeaveNoGrandchildBehindEvenOneIgnoringThem) {
  for (const int sig : {SIGINT, SIGTERM}) {
    TempDir dir;
    BackgroundTimeit timeit(
        Cat({"-n", "5", "-w", "0", "-o", "s.csv"}, StubbornGrandchildrenAtRun(2)), dir.path());
    const std::vector<pid_t> grandchildren = WaitForGrandchildren(dir.path(), timeit);
    ASSERT_EQ(grandchildren.size(), 2u) << ReadFile(dir.path() / "stderr");
    ASSERT_EQ(::kill(timeit.pid(), sig), 0);
    EXPECT_EQ(timeit.WaitExit(), 128 + sig);
    for (const pid_t p : grandchildren) {
      EXPECT_FALSE(Alive(p)) << "signal " << sig << ": survivor " << p;
      ::kill(p, SIGKILL);  // never leave one to the next test
    }
    EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "run"), Cells{"1"});
  }
}

TEST(RunFaultsTest, TimeoutKillsTheWholeTreeAndMarksTheRow) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      Cat({"-n", "2", "-w", "0", "-e", "task-clock", "--ignore-failure", "--timeout", "0.3", "-o",
           "s.csv"},
          Sh("sh -c 'trap \"\" INT TERM HUP; exec sleep 300' & echo $! >> pids; sleep 300")),
      "", dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;  // --ignore-failure: the series went on
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  EXPECT_EQ(ColumnOf(t, "status"), (Cells{"137", "137"}));
  EXPECT_EQ(ColumnOf(t, "status_text"), (Cells{"timeout", "timeout"}));
  EXPECT_TRUE(Contains(r.err, "timeit: run 1 failed: timed out after 0.3 s\n")) << r.err;
  // The command has finished: its pid file is complete or will never be.
  const std::vector<pid_t> pids =
      WaitForPids(dir.path() / "pids", 2, nullptr, std::chrono::seconds(5));
  EXPECT_EQ(pids.size(), 2u) << "the command never wrote its grandchildren's pids";
  for (const pid_t p : pids) {
    EXPECT_FALSE(Alive(p)) << "survivor " << p;
    ::kill(p, SIGKILL);
  }
}

TEST(RunFaultsTest, KillNineThenAPartialLastLineIsSkippedByCompareAndByAppending) {
  TempDir dir;
  // -e task-clock: run 4 is the fourth run, with no counting runs between.
  BackgroundTimeit timeit(
      Cat({"-n", "5", "-w", "0", "-e", "task-clock", "-o", "s.csv"}, StubbornGrandchildrenAtRun(4)),
      dir.path());
  const std::vector<pid_t> grandchildren = WaitForGrandchildren(dir.path(), timeit);
  ASSERT_EQ(grandchildren.size(), 2u) << ReadFile(dir.path() / "stderr");
  ASSERT_EQ(::kill(timeit.pid(), SIGKILL), 0);
  EXPECT_EQ(timeit.WaitExit(), 128 + SIGKILL);
  // A killed timeit cannot clean up: kill what is left of the command's group.
  for (const pid_t p : grandchildren) {
    const pid_t group = ::getpgid(p);
    if (group > 1) ::kill(-group, SIGKILL);
  }
  const fs::path csv = dir.path() / "s.csv";
  const RunsTable kept = ReadRuns(csv);
  ASSERT_EQ(ColumnOf(kept, "run"), (Cells{"1", "2", "3"}));  // the finished runs are there
  // What a kill -9 (or a power loss) in the middle of a row's write leaves.
  std::string text = ReadFile(csv);
  const std::size_t row_start = text.find('\n') + 1;
  const std::string first_row = text.substr(row_start, text.find('\n', row_start) + 1 - row_start);
  std::ofstream(csv, std::ios::app) << first_row.substr(0, first_row.size() / 2);
  text = ReadFile(csv);
  const std::string partial_line = std::to_string(std::count(text.begin(), text.end(), '\n') + 1);

  // compare reads every finished run and warns about the partial line.
  ASSERT_EQ(RunTimeit({"-n", "3", "-w", "0", "-e", "task-clock", "-q", "-o", "other.csv", "true"},
                      "", dir.path())
                .exit_status,
            0);
  const ProcessResult cmp =
      RunTimeit({"compare", "-m", "real", "s.csv", "other.csv"}, "", dir.path());
  EXPECT_EQ(cmp.exit_status, 0) << cmp.err;
  EXPECT_TRUE(Contains(cmp.out, "x   3 ")) << cmp.out;  // the 3 finished runs of s
  EXPECT_TRUE(Contains(cmp.err, "s.csv:" + partial_line + ": skipped an incomplete last row"))
      << cmp.err;

  // The series goes on: appending removes the partial line, says so, and
  // continues the numbering after the last finished run.
  const ProcessResult more = RunTimeit(
      {"-n", "3", "-w", "0", "-e", "task-clock", "-q", "--append-any", "-o", "s.csv", "true"}, "",
      dir.path());
  EXPECT_EQ(more.exit_status, 0) << more.err;
  EXPECT_TRUE(Contains(more.err, "s.csv:" + partial_line + ": removed an incomplete last row"))
      << more.err;
  EXPECT_EQ(ColumnOf(ReadRuns(csv), "run"), (Cells{"1", "2", "3", "4", "5", "6"}));
  const ProcessResult cmp2 =
      RunTimeit({"compare", "-m", "real", "s.csv", "other.csv"}, "", dir.path());
  EXPECT_EQ(cmp2.exit_status, 0) << cmp2.err;
  EXPECT_FALSE(Contains(cmp2.err, "incomplete")) << cmp2.err;
}

TEST(RunFaultsTest, CommandClosingItsStdoutIsAnOrdinaryRun) {
  for (const char* where : {"inherit", "null", "out.txt"}) {
    TempDir dir;
    const ProcessResult r =
        RunTimeit(Cat({"-n", "2", "-w", "0", "-e", "task-clock", "-q", "--command-output", where,
                       "-o", "s.csv"},
                      Sh("exec >&-; echo lost 2>/dev/null; echo to-stderr >&2; exit 0")),
                  "", dir.path());
    EXPECT_EQ(r.exit_status, 0) << where << ": " << r.err;
    EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "status"), (Cells{"0", "0"})) << where;
  }
  // A command writing to its closed stdout fails, and that is its failure.
  TempDir dir;
  const ProcessResult r = RunTimeit(
      Cat({"-n", "1", "-w", "0", "-e", "task-clock", "-o", "s.csv"}, Sh("exec >&-; echo x")), "",
      dir.path());
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "status"), Cells{"1"});
}

TEST(RunFaultsTest, TimeitsOwnStdoutClosed) {
  // `timeit ... >&-`: the CSV and the runs do not depend on stdout.
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "runs timeit directly, not through the emulator";
#endif
  TempDir dir;
  const ProcessResult r = RunProcess(
      {"sh", "-c",
       std::string("exec >&-; exec ") + TIMEIT_BINARY + " -n 2 -w 0 -e task-clock -o s.csv true"},
      "", dir.path());
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(ReadRuns(dir.path() / "s.csv").rows.size(), 2u);
}

TEST(RunFaultsTest, DevFullIsAClearErrorBeforeAnyRun) {
  TempDir dir;
  const ProcessResult r = RunTimeit(
      Cat({"-n", "3", "-w", "0", "-o", "/dev/full"}, Sh("echo ran >> ran")), "", dir.path());
  EXPECT_NE(r.exit_status, 0);
  EXPECT_EQ(r.err, "timeit: /dev/full: write failed: No space left on device\n");
  EXPECT_FALSE(fs::exists(dir.path() / "ran")) << "a run that could not be recorded was started";
}

/// A tmpfs of one page, mounted for the test's lifetime (needs root).
class TinyFileSystem {
 public:
  explicit TinyFileSystem(const fs::path& at) : at_(at) {
    fs::create_directory(at_);
    mounted_ = ::mount("tmpfs", at_.c_str(), "tmpfs", 0, "size=4k") == 0;
    error_ = errno;
  }
  ~TinyFileSystem() {
    if (mounted_) ::umount2(at_.c_str(), MNT_DETACH);
  }
  bool mounted() const { return mounted_; }
  int error() const { return error_; }

 private:
  fs::path at_;
  bool mounted_ = false;
  int error_ = 0;
};

TEST(RunFaultsTest, FullFileSystemStopsWithAClearErrorAndKeepsTheFinishedRuns) {
  TempDir dir;
  const TinyFileSystem tiny(dir.path() / "tiny");
  if (!tiny.mounted())
    GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(tiny.error())
                 << "); DevFullIsAClearErrorBeforeAnyRun covers the first write";
  const ProcessResult r = RunTimeit(
      {"-n", "1000", "-w", "0", "--no-counters", "-o", "tiny/s.csv", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 3) << r.err;  // timeit's own failure, not the command's
  EXPECT_TRUE(Contains(r.err, "timeit: tiny/s.csv: write failed: No space left on device\n"))
      << r.err;
  // The rows that fit are whole and numbered from 1 without a gap; if the
  // last one was cut short, our readers skip it with a warning.
  const std::string text = ReadFile(dir.path() / "tiny" / "s.csv");
  EXPECT_GT(text.size(), 3000u);
  std::vector<std::string> warnings;
  const ResultsTable t = ReadResultsCsv((dir.path() / "tiny" / "s.csv").string(), &warnings);
  ASSERT_GT(t.rows.size(), 2u);
  const Cells runs = ColumnOf(t, "run");
  for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i], std::to_string(i + 1));
  if (text.back() != '\n') {
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_TRUE(Contains(warnings[0], "skipped an incomplete last row")) << warnings[0];
  } else {
    EXPECT_TRUE(warnings.empty());
  }
}

}  // namespace
}  // namespace timeit::testing
