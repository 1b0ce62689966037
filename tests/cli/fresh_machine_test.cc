// A run on a freshly booted machine and on a PMU that lacks events, as a
// user sees it: the series runs, a column that cannot be counted is empty
// with one note naming cause and fix, never a 0 and never a usage error.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

/// Sets an environment variable for the timeit this test starts.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() { ::unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

/// `name`'s column, or `name:u` where only user mode may be counted.
std::vector<std::string> CountsOf(const RunsTable& t, const std::string& name) {
  return ColumnOf(t, t.Column(name) ? name : name + ":u");
}

const std::string kQemuN1Sysfs =
    std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/qemu-n1-sysfs";

// Without tracefs (TIMEIT_TRACEFS plays a machine where it cannot be had)
// the default run goes on: syscalls is empty, said once with the fix.
TEST(FreshMachineTest, DefaultRunWithoutTracefsRunsWithSyscallsEmpty) {
  TempDir dir;
  ScopedEnv no_tracefs("TIMEIT_TRACEFS", "/nonexistent");
  const ProcessResult r = RunTimeit({"-n", "2", "-w", "0", "-o", "c.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_TRUE(Contains(r.err,
                       "syscalls: not supported (raw_syscalls:sys_enter: tracefs is not "
                       "mounted"))
      << r.err;
  // The page faults, context switches and migrations still make counting
  // runs: 2 timing runs and 2 counting runs, syscalls empty in all.
  const auto cells = CountsOf(ReadRuns(dir.path() / "c.csv"), "syscalls");
  ASSERT_EQ(cells.size(), 4u);
  for (const std::string& cell : cells) EXPECT_EQ(cell, "");
}

// A machine without a hardware PMU (most VMs) meets this on every series:
// with the default counters the first row's notes say why the hardware
// columns are empty, but the run does not say it each time; hardware events
// named with -e are said. Where this machine has a PMU there is nothing to
// say, and the test says it skipped.
TEST(FreshMachineTest, NoPmuIsInTheFirstRowNotSaidForTheDefaultSet) {
  TempDir dir;
  const ProcessResult named = RunTimeit(
      {"-n", "2", "-w", "0", "-e", "cycles,task-clock", "-o", "named.csv", "true"}, "", dir.path());
  ASSERT_EQ(named.exit_status, 0) << named.err;
  const std::string note = "this kernel has no hardware PMU (a VM?); left empty";
  if (!Contains(named.err, note)) GTEST_SKIP() << "this machine has a hardware PMU";
  EXPECT_TRUE(Contains(named.err, "timeit: run 1: cycles: not supported, " + note)) << named.err;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "0", "-o", "default.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_FALSE(Contains(r.err, note)) << r.err;
  // 2 timing runs and 2 counting runs: the first row alone says it.
  const std::vector<std::string> notes = ColumnOf(ReadRuns(dir.path() / "default.csv"), "notes");
  ASSERT_EQ(notes.size(), 4u);
  EXPECT_TRUE(Contains(notes[0],
                       "cycles, instructions, icache-misses, branch-misses, cache-misses: not "
                       "supported, " +
                           note))
      << notes[0];
  for (std::size_t i = 1; i < notes.size(); ++i) EXPECT_FALSE(Contains(notes[i], note)) << notes[i];
}

// The real thing where the test may: a private mount namespace without
// tracefs, as on a fresh boot. As root timeit mounts it (and says so); as a
// user it cannot, and the series runs with the reason and the fix.
TEST(FreshMachineTest, RootMountsTracefsAUserGetsTheFix) {
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "no mount namespaces under qemu-user";
#endif
  if (::geteuid() != 0) GTEST_SKIP() << "needs root for a private mount namespace";
  TempDir dir;
  const std::string unmount =
      "umount -l /sys/kernel/tracing 2>/dev/null; umount -l /sys/kernel/debug 2>/dev/null; ";
  const std::string run = std::string(TIMEIT_BINARY) +
                          " -n 2 -w 0 -e syscalls,task-clock -o root.csv " + SYSCALL_LOOP_BINARY +
                          " 1000";
  const ProcessResult root =
      RunProcess({"unshare", "-m", "--propagation", "private", "sh", "-c", unmount + "exec " + run},
                 "", dir.path());
  if (root.exit_status != 0 && Contains(root.err, "unshare")) GTEST_SKIP() << root.err;
  ASSERT_EQ(root.exit_status, 0) << root.err;
  EXPECT_TRUE(Contains(root.err, "tracefs was not mounted: mounted tracefs on /sys/kernel/tracing"))
      << root.err;
  // Counted in the counting runs (2 of 4 rows); the timing runs leave it out.
  const RunsTable counted = ReadRuns(dir.path() / "root.csv");
  const std::vector<std::string> roles = ColumnOf(counted, "role"),
                                 calls = ColumnOf(counted, "syscalls");
  ASSERT_EQ(roles, (std::vector<std::string>{"time", "count", "time", "count"}));
  for (std::size_t i = 0; i < calls.size(); ++i) {
    if (roles[i] == "time") {
      EXPECT_EQ(calls[i], "") << root.err;
    } else {
      EXPECT_GE(std::atol(calls[i].c_str()), 1000) << root.err;
    }
  }
  const std::string as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups " +
                              std::string(TIMEIT_BINARY) +
                              " -n 2 -w 0 -e syscalls,task-clock -o /dev/null true";
  const ProcessResult user = RunProcess(
      {"unshare", "-m", "--propagation", "private", "sh", "-c", unmount + "exec " + as_user}, "",
      dir.path());
  EXPECT_EQ(user.exit_status, 0) << user.err;
  EXPECT_TRUE(Contains(user.err, "syscalls: not permitted")) << user.err;
  EXPECT_TRUE(Contains(user.err, "mount -t tracefs tracefs /sys/kernel/tracing")) << user.err;
}

// QEMU's Neoverse N1 PMU lacks L1I_CACHE_REFILL (0x01): its sysfs list says
// so, and r01 is empty with the reason instead of a silent 0.
TEST(FreshMachineTest, EventThePmuListLacksIsEmptyUnlessForced) {
  TempDir dir;
  ScopedEnv sysfs("TIMEIT_SYS_ROOT", kQemuN1Sysfs);
  const ProcessResult r = RunTimeit(
      {"-n", "2", "-w", "0", "-e", "r01,task-clock", "-o", "c.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_TRUE(
      Contains(r.err, "r01: not implemented by this CPU's PMU (armv8_pmuv3's sysfs events/"))
      << r.err;
  const auto cells = CountsOf(ReadRuns(dir.path() / "c.csv"), "r01");
  ASSERT_EQ(cells.size(), 2u);
  for (const std::string& cell : cells) EXPECT_EQ(cell, "");
  const ProcessResult forced = RunTimeit(
      {"-n", "1", "-w", "0", "--force-events", "-e", "r01,task-clock", "-o", "f.csv", "true"}, "",
      dir.path());
  ASSERT_EQ(forced.exit_status, 0) << forced.err;
  EXPECT_FALSE(Contains(forced.err, "not implemented")) << forced.err;
}

// :u and :k count what they name: page faults from user mode plus those
// from the kernel are all of them, in every run.
TEST(FreshMachineTest, ModifiersUserPlusKernelIsTheWhole) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "3", "-w", "0", "-q", "-e", "page-faults,page-faults:u,page-faults:k", "-o",
                 "c.csv", "true"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "c.csv");
  const auto all = ColumnOf(t, "page-faults");
  const auto user = ColumnOf(t, "page-faults:u");
  const auto kernel = ColumnOf(t, "page-faults:k");
  if (!all.empty() && all[0].empty()) GTEST_SKIP() << "no perf_event_open here: " << r.err;
  ASSERT_EQ(all.size(), 3u);
  ASSERT_EQ(kernel.size(), 3u) << "page-faults:k is not counted here (paranoid?): " << r.err;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (kernel[i].empty()) GTEST_SKIP() << "kernel counting not permitted: " << r.err;
    EXPECT_GT(std::atol(user[i].c_str()), 0);
    EXPECT_EQ(std::atol(user[i].c_str()) + std::atol(kernel[i].c_str()), std::atol(all[i].c_str()));
  }
}

}  // namespace
}  // namespace timeit::testing
