// Each run in its own cgroup (cgroup v2): what outlives a run is named and
// killed, --timeout and SIGINT end the whole cgroup, an interrupted or a
// killed timeit leaves no directory behind, and the cgroup's columns.
// Where the runs have no cgroup (no cgroup2, not writable) each test skips
// with the reason timeit gave; tests/system runs them on Debian's kernels.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

#include "platforms/cgroup2.h"
#include "tests/cli/background_timeit.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {
namespace fs = std::filesystem;

bool Alive(pid_t pid) { return ::kill(pid, 0) == 0; }

/// True once `pid` is gone (a zombie of another parent counts as gone), or
/// false after the deadline.
bool Gone(pid_t pid) {
  const auto until = std::chrono::steady_clock::now() + kWaitDeadline;
  while (std::chrono::steady_clock::now() < until) {
    const std::string stat = ReadFile("/proc/" + std::to_string(pid) + "/stat");
    const std::size_t paren = stat.rfind(')');
    if (stat.empty() || (paren != std::string::npos && stat.substr(paren + 2, 1) == "Z"))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

/// This process's cgroup directory, where timeit (a child) makes its own;
/// nullopt with `why` when the runs will have none.
std::optional<std::string> OwnCgroup(std::string& why) {
  const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
  if (!where) return std::nullopt;
  if (::access((where->own_dir + "/cgroup.procs").c_str(), W_OK) != 0) {
    why = where->own_dir + " is not writable";
    return std::nullopt;
  }
  return where->own_dir;
}

#define SKIP_WITHOUT_CGROUP(own)                                   \
  std::string why_no_cgroup;                                       \
  const std::optional<std::string> own = OwnCgroup(why_no_cgroup); \
  if (!own) GTEST_SKIP() << "no cgroup for the runs: " << why_no_cgroup

/// The series directories a timeit of pid `pid` has in `own`.
std::vector<fs::path> SeriesDirsOf(const std::string& own, pid_t pid) {
  std::vector<fs::path> found;
  const std::string prefix = "timeit-" + std::to_string(pid) + "-";
  for (const auto& e : fs::directory_iterator(own))
    if (e.path().filename().string().starts_with(prefix)) found.push_back(e.path());
  return found;
}

/// A daemon as a build server starts one: out of the session and process
/// group, writing its pid to d.pid, then sleeping as `sleep`. The command
/// waits until it is `sleep`, so the notes can name it so.
const std::string kDaemon =
    "setsid sh -c 'echo $$ > d.pid; exec sleep 300' </dev/null >/dev/null 2>&1 & "
    "until [ \"$(cat /proc/$(cat d.pid 2>/dev/null)/comm 2>/dev/null)\" = sleep ]; do :; done";

pid_t DaemonPid(const fs::path& dir) {
  const std::string text = ReadFile(dir / "d.pid");
  return text.empty() ? -1 : static_cast<pid_t>(std::stol(text));
}

TEST(RunCgroupTest, ASetsidDaemonIsNamedInTheNotesAndGoneAndNoDirectoryIsLeft) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  // -e task-clock: one run (a counting run would start a second daemon).
  BackgroundTimeit timeit(
      {"-n", "1", "-w", "0", "-e", "task-clock", "-o", "s.csv", "sh", "-c", kDaemon}, dir.path());
  ASSERT_EQ(timeit.WaitExit(), 0) << ReadFile(dir.path() / "stderr");
  const pid_t daemon = DaemonPid(dir.path());
  ASSERT_GT(daemon, 0);
  EXPECT_TRUE(Gone(daemon)) << "the setsid daemon " << daemon << " survived its run";
  const std::string notes = ColumnOf(ReadRuns(dir.path() / "s.csv"), "notes")[0];
  EXPECT_NE(notes.find("killed: " + std::to_string(daemon) + " (sleep)"), std::string::npos)
      << notes;
  EXPECT_TRUE(SeriesDirsOf(*own, timeit.pid()).empty());
}

TEST(RunCgroupTest, KeepDaemonsLeavesTheDaemonRunningAndSaysWhere) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "1", "-w", "0", "-e", "task-clock", "--keep-daemons",
                                     "-o", "s.csv", "sh", "-c", kDaemon},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const pid_t daemon = DaemonPid(dir.path());
  ASSERT_GT(daemon, 0);
  EXPECT_TRUE(Alive(daemon));
  const std::string cgroup = ReadFile("/proc/" + std::to_string(daemon) + "/cgroup");
  ::kill(daemon, SIGKILL);
  EXPECT_NE(cgroup.find("/timeit-kept\n"), std::string::npos) << cgroup;
  const std::string notes = ColumnOf(ReadRuns(dir.path() / "s.csv"), "notes")[0];
  EXPECT_NE(notes.find("kept (--keep-daemons) in " + *own +
                       "/timeit-kept: " + std::to_string(daemon) + " (sleep)"),
            std::string::npos)
      << notes;
  EXPECT_TRUE(Gone(daemon));
}

TEST(RunCgroupTest, TimeoutEndsTheWholeCgroup) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "1", "-w", "0", "--timeout", "1", "-o", "s.csv", "sh",
                                     "-c", kDaemon + "; exec sleep 300"},
                                    "", dir.path());
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "status_text")[0], "timeout");
  const pid_t daemon = DaemonPid(dir.path());
  ASSERT_GT(daemon, 0);
  EXPECT_TRUE(Gone(daemon)) << "the daemon outlived --timeout";
}

TEST(RunCgroupTest, SigintEndsTheWholeCgroupAndLeavesNoDirectory) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  BackgroundTimeit timeit(
      {"-n", "3", "-w", "0", "-o", "s.csv", "sh", "-c", kDaemon + "; echo $$ > fg; exec sleep 300"},
      dir.path());
  const std::vector<pid_t> fg = WaitForPids(dir.path() / "fg", 1, &timeit);
  ASSERT_EQ(fg.size(), 1u) << ReadFile(dir.path() / "stderr");
  ASSERT_TRUE(WaitUntilExecd(fg[0], "sleep", &timeit));
  ASSERT_FALSE(SeriesDirsOf(*own, timeit.pid()).empty()) << "no series cgroup while it runs";
  ASSERT_EQ(::kill(timeit.pid(), SIGINT), 0);
  EXPECT_EQ(timeit.WaitExit(), 130) << ReadFile(dir.path() / "stderr");
  EXPECT_TRUE(Gone(DaemonPid(dir.path()))) << "the daemon outlived SIGINT";
  EXPECT_TRUE(SeriesDirsOf(*own, timeit.pid()).empty());
}

TEST(RunCgroupTest, TheCgroupOfATimeitKilledWithSigkillIsRemovedByTheNext) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  BackgroundTimeit killed(
      {"-n", "1", "-w", "0", "-o", "s.csv", "sh", "-c", kDaemon + "; echo $$ > fg; exec sleep 300"},
      dir.path());
  const std::vector<pid_t> fg = WaitForPids(dir.path() / "fg", 1, &killed);
  ASSERT_EQ(fg.size(), 1u) << ReadFile(dir.path() / "stderr");
  ASSERT_TRUE(WaitUntilExecd(fg[0], "sleep", &killed));
  ASSERT_EQ(::kill(killed.pid(), SIGKILL), 0);
  EXPECT_EQ(killed.WaitExit(), 128 + SIGKILL);
  const std::vector<fs::path> left = SeriesDirsOf(*own, killed.pid());
  ASSERT_EQ(left.size(), 1u) << "kill -9 leaves its directory (nothing could remove it)";
  const pid_t daemon = DaemonPid(dir.path());
  ASSERT_TRUE(Alive(daemon));
  const ProcessResult next =
      RunTimeit({"-n", "1", "-w", "0", "-o", "t.csv", "true"}, "", dir.path());
  EXPECT_EQ(next.exit_status, 0) << next.err;
  EXPECT_NE(next.err.find("removed " + left[0].string() + ", left by a timeit (pid " +
                          std::to_string(killed.pid()) +
                          ") that was killed; killed the 1 processes still in it"),
            std::string::npos)
      << next.err;
  EXPECT_FALSE(fs::exists(left[0]));
  EXPECT_TRUE(Gone(daemon));
}

TEST(RunCgroupTest, ARunThatOnlySleepsHasNoPressure) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "0", "-o", "s.csv", "sleep", "0.3"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  const std::string notes = ColumnOf(t, "notes")[0];
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const double real = std::stod(ColumnOf(t, "real")[i]);
    for (const char* psi : {"psi-cpu", "psi-memory", "psi-io"}) {
      const std::string cell = ColumnOf(t, psi)[i];
      if (cell.empty()) {
        EXPECT_NE(notes.find("psi-cpu, psi-memory, psi-io:"), std::string::npos) << notes;
        continue;
      }
      // Near 0: a sleeping task stalls on nothing, but for the moments it
      // waits for a CPU after waking up, or for its pages, on a busy machine
      // (CI's 2 cores under a parallel suite: a slice or an evicted exec's
      // read each). Half of real still catches the faults this is for:
      // microseconds read as nanoseconds, totals not differenced per run,
      // another cgroup's pressure.
      EXPECT_LT(std::stod(cell), 0.5 * real * 1e6) << psi << " in run " << i + 1;
    }
  }
}

TEST(RunCgroupTest, TheCgroupsCpuTimeIsTheTreesAsWait4CountsIt) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "3", "-w", "0", "-o", "s.csv", "sh", "-c",
                 std::string(BURN_CPU_BINARY) + " 0.1 & " + BURN_CPU_BINARY + " 0.1; wait"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    // cpu.stat and wait4 split the same CPU time of the tree, run by run
    // (a cgroup kept from the last run is read from where that one ended).
    const double cgroup_us =
        std::stod(ColumnOf(t, "cgroup-user")[i]) + std::stod(ColumnOf(t, "cgroup-sys")[i]);
    const double rusage_us =
        (std::stod(ColumnOf(t, "user")[i]) + std::stod(ColumnOf(t, "sys")[i])) * 1e6;
    EXPECT_GT(cgroup_us, 0.2e6 * 0.99) << "two burners of 0.1 s each, run " << i + 1;
    EXPECT_NEAR(cgroup_us, rusage_us, 0.05 * rusage_us + 2000) << "run " << i + 1;
  }
}

TEST(RunCgroupTest, TwoProcessesOf100MiBPeakAt200MiBWhereMaxrssSaysOne) {
  SKIP_WITHOUT_CGROUP(own);
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "1", "-w", "0", "-o", "s.csv", TOUCH_MEMORY_BINARY, "100", "2"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  const std::string peak = ColumnOf(t, "mem-peak")[0];
  const std::string notes = ColumnOf(t, "notes")[0];
  if (peak.empty()) {
    // The machine's reason, said once, never a 0 (this one: hybrid cgroups).
    EXPECT_TRUE(notes.find("mem-peak: ") != std::string::npos ||
                notes.find("mem-peak, io-read, io-write: ") != std::string::npos)
        << notes;
    GTEST_SKIP() << "no memory controller for the runs: " << notes;
  }
  const double maxrss = std::stod(ColumnOf(t, "maxrss")[0]);
  EXPECT_GE(std::stod(peak), 200.0 * 1024);
  EXPECT_GE(maxrss, 100.0 * 1024);
  EXPECT_LT(maxrss, 150.0 * 1024);
}

}  // namespace
}  // namespace timeit::testing
