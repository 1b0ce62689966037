// maxrss is the command tree's own peak, not timeit's: Linux keeps the peak
// RSS of the memory a process execs from, so a command started from timeit's
// memory reported timeit's (8.8 MB for /bin/true, whose own is under 1 MB).
// timeit starts it through timeit-spawner, beside build/timeit.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "platforms/cgroup2.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

std::vector<long> Numbers(const std::vector<std::string>& cells) {
  std::vector<long> numbers;
  for (const std::string& c : cells) numbers.push_back(std::atol(c.c_str()));
  return numbers;
}

long Median(std::vector<long> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? -1 : v[v.size() / 2];
}

/// The "VmHWM: N kB" lines print_vmhwm wrote, one a run, as N.
std::vector<long> PrintedPeaks(const std::string& out) {
  std::vector<long> peaks;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind("VmHWM:", 0) == 0) peaks.push_back(std::atol(line.c_str() + 6));
  return peaks;
}

TEST(RunMaxrssTest, TrueIsWithinTenPercentOfUsrBinTime) {
  if (!std::filesystem::exists("/usr/bin/time")) GTEST_SKIP() << "no /usr/bin/time (the peer)";
  TempDir dir;
  // Interleaved, one run of each at a time: /bin/true's own peak moves with
  // the page cache (fault-around maps what is cached), so two groups of runs
  // minutes apart under a loaded machine differ by more than either's spread.
  // Fifteen of each: one run's peak moves by ±10% with what fault-around
  // maps (a median of five once stood 11% apart, 968 against 1084 KiB).
  std::vector<long> peer;
  for (int i = 0; i < 15; ++i) {
    const ProcessResult r =
        RunTimeit({"-n", "1", "-w", "0", "-q", "-o", "s.csv", "/bin/true"}, "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const ProcessResult t = RunProcess({"/usr/bin/time", "-f", "%M", "/bin/true"});
    ASSERT_EQ(t.exit_status, 0) << t.err;
    peer.push_back(std::atol(t.err.c_str()));
  }
  const long ours = Median(Numbers(ColumnOf(ReadRuns(dir.path() / "s.csv"), "maxrss")));
  const long theirs = Median(peer);
  ASSERT_GT(theirs, 0);
  EXPECT_NEAR(static_cast<double>(ours), static_cast<double>(theirs),
              0.1 * static_cast<double>(theirs))
      << "timeit " << ours << " KiB, /usr/bin/time " << theirs << " KiB";
}

TEST(RunMaxrssTest, NeverAboveTheCommandsOwnPeakHoweverLargeTimeitGrows) {
  // TIMEIT_TEST_GROW_HEAP_MB=100 makes 100 MiB of timeit's memory resident
  // before its first child: started from timeit's memory, the command
  // would report more than 100 MiB (the second series shows that it does).
  // Each way the spawner starts a child: sharing its memory until exec
  // (CLONE_VM), or from a copy of it where CLONE_VM is refused (qemu-user).
  TempDir dir;
  for (const std::string spawn : {"TIMEIT_SPAWN=", "TIMEIT_SPAWN=no-clone-vm"}) {
    const ProcessResult r =
        RunProcess({"env", "TIMEIT_TEST_GROW_HEAP_MB=100", spawn, TIMEIT_BINARY, "-n", "4", "-w",
                    "1", "-q", "-o", "s.csv", PRINT_VMHWM_BINARY},
                   "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << spawn << ": " << r.err;
    const std::vector<long> maxrss = Numbers(ColumnOf(ReadRuns(dir.path() / "s.csv"), "maxrss"));
    const std::vector<long> peaks = PrintedPeaks(r.out);
    // A warm-up, 4 timing runs and the default 3 counting runs: every run's
    // maxrss is its command's own.
    ASSERT_EQ(maxrss.size(), 8u) << spawn;
    ASSERT_EQ(peaks.size(), maxrss.size()) << spawn << ": " << r.out;
    for (std::size_t i = 0; i < maxrss.size(); ++i) {
      EXPECT_GT(peaks[i], 0);
      EXPECT_LE(maxrss[i], peaks[i]) << spawn << ", run " << i;
    }
    std::filesystem::remove(dir.path() / "s.csv");
  }

  const ProcessResult direct =
      RunProcess({"env", "TIMEIT_TEST_GROW_HEAP_MB=100", "TIMEIT_SPAWN=direct", TIMEIT_BINARY, "-n",
                  "1", "-w", "0", "-e", "task-clock", "-q", "-o", "d.csv", PRINT_VMHWM_BINARY},
                 "", dir.path());
  ASSERT_EQ(direct.exit_status, 0) << direct.err;
  const std::vector<long> tainted = Numbers(ColumnOf(ReadRuns(dir.path() / "d.csv"), "maxrss"));
  ASSERT_EQ(tainted.size(), 1u);
  EXPECT_GT(tainted[0], 100 * 1024) << "the hook did not grow timeit";
}

TEST(RunMaxrssTest, WithoutTheSpawnerItSaysSoOnceAndRuns) {
  // A timeit with no timeit-spawner beside it (nor installed) starts the
  // command from its own memory, as before, and says once that maxrss
  // includes timeit's: on stderr and in the run's notes.
  if (std::filesystem::exists(std::filesystem::path(TIMEIT_LIBEXEC_DIR) / "timeit-spawner"))
    GTEST_SKIP() << "a timeit-spawner is installed in " << TIMEIT_LIBEXEC_DIR;
  TempDir dir;
  const std::filesystem::path alone = dir.path() / "timeit";
  std::filesystem::copy_file(TIMEIT_BINARY, alone);
  const ProcessResult r =
      RunProcess({alone.string(), "-n", "3", "-w", "0", "-e", "task-clock", "-o", "s.csv", "true"},
                 "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string note = "maxrss includes timeit's own memory (no timeit-spawner beside timeit";
  EXPECT_EQ(Occurrences(r.err, note), 1) << r.err;
  const std::vector<std::string> notes = ColumnOf(ReadRuns(dir.path() / "s.csv"), "notes");
  ASSERT_EQ(notes.size(), 3u);
  EXPECT_NE(notes[0].find(note), std::string::npos) << notes[0];
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "s.csv"), "status"),
            (std::vector<std::string>{"0", "0", "0"}));
}

TEST(RunMaxrssTest, TheSpawnersRunsSayNothingOfIt) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "2", "-w", "0", "-o", "s.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(Occurrences(r.err, "maxrss includes"), 0) << r.err;
  for (const std::string& n : ColumnOf(ReadRuns(dir.path() / "s.csv"), "notes"))
    EXPECT_EQ(n.find("maxrss"), std::string::npos) << n;
}

TEST(RunMaxrssTest, TheSpawnersChildrenStartInTheRunsCgroupEveryWay) {
  // clone3 into the cgroup, or (TIMEIT_SPAWN=no-clone3, as before Linux 5.7)
  // the child joining it through cgroup.procs; sharing the spawner's memory
  // or (no-clone-vm, as under qemu-user) a copy of it; held before exec
  // (counters by inheritance attach) or not (--no-counters: CLONE_VFORK).
  std::string why;
  const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
  if (!where) GTEST_SKIP() << "no cgroup v2: " << why;
  if (::access((where->own_dir + "/cgroup.procs").c_str(), W_OK) != 0)
    GTEST_SKIP() << where->own_dir << " is not writable";
  for (const std::string spawn :
       {"TIMEIT_SPAWN=", "TIMEIT_SPAWN=no-clone3", "TIMEIT_SPAWN=no-clone-vm"}) {
    for (const std::string counting : {"--no-counters", "--count-by=inherit"}) {
      TempDir dir;
      const ProcessResult r =
          RunProcess({"env", spawn, TIMEIT_BINARY, "-n", "2", "-w", "0", "-q", counting, "-o",
                      "s.csv", "sh", "-c", "grep '^0::' /proc/self/cgroup"},
                     "", dir.path());
      ASSERT_EQ(r.exit_status, 0) << spawn << " " << counting << ": " << r.err;
      // The default counters add 2 counting runs, held before exec too.
      EXPECT_EQ(Occurrences(r.out, "/run-"), counting == "--no-counters" ? 2 : 4)
          << spawn << " " << counting << ": " << r.out;
      EXPECT_EQ(Occurrences(r.err, "maxrss includes"), 0) << r.err;
    }
  }
}

}  // namespace
}  // namespace timeit::testing
