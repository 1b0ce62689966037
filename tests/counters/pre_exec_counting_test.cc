// The child's work before its exec, taken out of a count by cgroup: one
// run counted by cgroup and by inheritance at once (the same system calls,
// the same page faults), so that the two must agree exactly, not within a
// tolerance that would hide the launcher's share.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "counters/cgroup_counters.h"
#include "counters/counter_plan.h"
#include "counters/pre_exec_counters.h"
#include "platforms/cgroup2.h"
#include "platforms/cpu_list.h"
#include "tests/test_paths.h"
#include "tests/counters/test_programs.h"

namespace timeit::counters {
namespace {

/// A cgroup of this test's own below the one it runs in, removed at the end.
class PreExecCountingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
    if (!where) GTEST_SKIP() << why;
    dir_ = where->own_dir + "/pre-exec-test-" + std::to_string(::getpid());
    if (::mkdir(dir_.c_str(), 0755) != 0) GTEST_SKIP() << dir_ << ": " << std::strerror(errno);
    fd_ = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ASSERT_GE(fd_, 0);
    if (const int err = ProbeCgroupCounting(fd_, OnlineCpus().front()); err != 0)
      GTEST_SKIP() << ExplainCgroupCountingErrno(err);
    if (const int err = ProbeRemoveOnExec(); err != 0)
      GTEST_SKIP() << "remove_on_exec (Linux 5.13): " << std::strerror(err);
    plan_ = PlanCounters({"syscalls", "page-faults"}, PlanOptions{});
    for (const PlannedCounter& c : plan_.counters) {
      if (c.status != EventStatus::kCounted) GTEST_SKIP() << c.label << ": " << c.reason;
      events_.push_back(*c.encoding);
    }
  }
  void TearDown() override {
    if (fd_ >= 0) ::close(fd_);
    if (!dir_.empty()) ::rmdir(dir_.c_str());
  }

  /// Forks a child that joins the cgroup and waits on a pipe before it
  /// execs argv, as timeit's launcher does; returns its pid and the pipe's
  /// write end.
  std::pair<pid_t, int> StartHeld(const std::vector<std::string>& argv) {
    int go[2];
    EXPECT_EQ(::pipe2(go, O_CLOEXEC), 0);
    const std::string procs = dir_ + "/cgroup.procs";
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::alarm(120);  // the deadline of the waitpid below
      const int f = ::open(procs.c_str(), O_WRONLY);
      if (f < 0 || ::write(f, "0", 1) != 1) ::_exit(125);
      char byte;
      if (::read(go[0], &byte, 1) != 1) ::_exit(126);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    ::close(go[0]);
    return {pid, go[1]};
  }

  static void ReleaseAndReap(pid_t pid, int go) {
    EXPECT_EQ(::write(go, "x", 1), 1);
    ::close(go);
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  }

  std::string dir_;
  int fd_ = -1;
  CounterPlan plan_;
  std::vector<EventEncoding> events_;
};

TEST_F(PreExecCountingTest, ByCgroupCountsExactlyWhatInheritanceCountsInTheSameRun) {
  // Inherited by the child at its fork, enabled at its exec: perf stat's count.
  TreeCounters inherited(events_, plan_.user_only);
  CgroupCounters by_cgroup(events_, plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kTheRuns);
  ASSERT_TRUE(by_cgroup.AttachesBeforeExec());
  // A tree: the loop and two copies of itself, 20000 calls each.
  for (int run = 0; run < 3; ++run) {
    by_cgroup.BeforeStart();
    const auto [pid, go] = StartHeld({kLoop, "20000", "2"});
    inherited.Attach(pid);
    by_cgroup.Attach(pid);
    ReleaseAndReap(pid, go);
    const std::vector<CounterReading> tree = inherited.Collect();
    const std::vector<CounterReading> cgroup = by_cgroup.Collect();
    EXPECT_TRUE(by_cgroup.TakeNotes().empty());
    for (std::size_t e = 0; e < events_.size(); ++e) {
      ASSERT_TRUE(tree[e].value && cgroup[e].value)
          << plan_.counters[e].label << ": " << tree[e].reason << cgroup[e].reason;
      EXPECT_TRUE(cgroup[e].pre_exec_kept.empty()) << cgroup[e].pre_exec_kept;
      EXPECT_EQ(*cgroup[e].value, *tree[e].value) << plan_.counters[e].label << ", run " << run;
    }
    EXPECT_GE(*cgroup[0].value, 3 * 20000.0);
  }
}

// Not held in its read (it has exec'd already): nothing is taken out, the
// counts keep the child's work before its exec, said once, and the series
// stops holding its children for it.
TEST_F(PreExecCountingTest, AChildNotSeenAsleepIsCountedWholeAndSaidOnce) {
  CgroupCounters by_cgroup(events_, plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kTheRuns);
  by_cgroup.BeforeStart();
  const auto [pid, go] = StartHeld({kLoop, "1000"});
  ReleaseAndReap(pid, go);
  by_cgroup.Attach(pid);  // gone: /proc/PID/syscall cannot be read
  const std::vector<CounterReading> r = by_cgroup.Collect();
  ASSERT_TRUE(r[0].value) << r[0].reason;
  EXPECT_GE(*r[0].value, 1000.0);
  const std::vector<std::string> notes = by_cgroup.TakeNotes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("from its creation to its exec"), std::string::npos) << notes[0];
  EXPECT_FALSE(by_cgroup.AttachesBeforeExec());
}

TEST(AwaitSleepingInReadTest, AChildBlockedInReadIsSeenAndOneInASleepIsNot) {
#ifdef TIMEIT_UNDER_QEMU_USER
  // Where nothing can be counted, nothing waits for the held read either.
  GTEST_SKIP() << "/proc/PID/syscall names qemu-user's host system calls";
#endif
  int go[2];
  ASSERT_EQ(::pipe2(go, O_CLOEXEC), 0);
  const pid_t reader = ::fork();
  if (reader == 0) {
    ::alarm(60);
    char byte;
    ::_exit(::read(go[0], &byte, 1) == 1 ? 0 : 1);
  }
  std::string why;
  EXPECT_TRUE(AwaitSleepingInRead(reader, std::chrono::milliseconds(10000), why)) << why;
  EXPECT_EQ(::write(go[1], "x", 1), 1);
  const pid_t sleeper = ::fork();
  if (sleeper == 0) {
    ::alarm(60);
    ::pause();
    ::_exit(0);
  }
  EXPECT_FALSE(AwaitSleepingInRead(sleeper, std::chrono::milliseconds(200), why));
  EXPECT_NE(why.find("did not reach its held read"), std::string::npos) << why;
  ::kill(sleeper, SIGKILL);
  int status = 0;
  EXPECT_EQ(::waitpid(reader, &status, 0), reader);
  EXPECT_EQ(::waitpid(sleeper, &status, 0), sleeper);
  ::close(go[0]);
  ::close(go[1]);
}

}  // namespace
}  // namespace timeit::counters
