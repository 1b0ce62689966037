// Where kernel counting is forbidden (perf_event_paranoid >= 2 without
// CAP_PERFMON), timeit counts user mode only, says so, and reports the
// syscall tracepoint as "not permitted" instead of a silent 0. Run for real
// as an unprivileged user: as root, a forked child drops to nobody.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "counters/counter_plan.h"
#include "counters/privilege.h"
#include "counters/tree_counters.h"
#include "tests/test_paths.h"
#include "tests/counters/test_programs.h"

namespace timeit::counters {
namespace {

/// Runs in the unprivileged child; returns a bit per failed expectation.
/// `workload`: syscall_loop where the child, as nobody, may exec it.
int CheckUserOnlyCounting(const std::string& workload) {
  int failures = 0;
  const KernelCounting kernel = ProbeKernelCounting(platforms::SystemRoots{});
  if (kernel.allowed) return 1;
  if (kernel.note.find("sysctl kernel.perf_event_paranoid=1") == std::string::npos) failures |= 2;
  const CounterPlan plan = PlanCounters({"syscalls", "task-clock"}, PlanOptions{});
  if (!plan.user_only || plan.notes.empty()) failures |= 4;
  if (plan.counters[0].status != EventStatus::kNotPermitted) failures |= 8;
  if (plan.counters[1].status != EventStatus::kCounted) return failures | 16;
  TreeCounters counters({*plan.counters[1].encoding}, plan.user_only);
  // Held before its exec until the counters are attached: they start at
  // the exec (enable_on_exec), so a child that execs first is never counted
  // (a loaded machine did, once in a few full runs).
  int go[2];
  if (pipe2(go, O_CLOEXEC) != 0) return failures | 64;
  const pid_t pid = fork();
  if (pid == 0) {
    alarm(120);  // the deadline of the waitpid below: SIGALRM survives exec
    char byte;
    if (read(go[0], &byte, 1) != 1) _exit(126);
    execl(workload.c_str(), "syscall_loop", "100000", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(go[0]);
  counters.Attach(pid);
  if (write(go[1], "x", 1) != 1) failures |= 64;
  close(go[1]);
  int status = 0;
  waitpid(pid, &status, 0);
  const auto readings = counters.Collect();
  if (!readings[0].value || *readings[0].value <= 0) failures |= 32;
  return failures;
}

TEST(UserOnlyTest, FallsBackToUserModeAndRefusesTheTracepoint) {
  const auto paranoid = platforms::ReadPerfEventParanoid(platforms::SystemRoots{});
  if (!paranoid || *paranoid < 2) {
    GTEST_SKIP() << "kernel.perf_event_paranoid is " << (paranoid ? *paranoid : -99)
                 << ": unprivileged users may count the kernel here";
  }
  PlanOptions full;
  full.user_only = false;
  const CounterPlan here = PlanCounters({"task-clock"}, full);
  if (here.counters[0].status != EventStatus::kCounted) {
    GTEST_SKIP() << "no perf_event_open here (qemu-user?): " << here.counters[0].reason;
  }
  // A copy nobody can exec: the build tree may lie under /root (mode 700).
  std::string dir = (std::filesystem::temp_directory_path() / "timeit-user-only-XXXXXX").string();
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::filesystem::path workload = std::filesystem::path(dir) / "syscall_loop";
  std::filesystem::copy_file(SYSCALL_LOOP_PATH, workload);
  ASSERT_EQ(chmod(dir.c_str(), 0755), 0);
  ASSERT_EQ(chmod(workload.c_str(), 0755), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    alarm(180);  // the deadline of the waitpid below
    if (geteuid() == 0 && (setgid(kNobody) != 0 || setuid(kNobody) != 0)) _exit(100);
    _exit(CheckUserOnlyCounting(workload.string()));
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  const int code = WEXITSTATUS(status);
  std::filesystem::remove_all(dir);
  if (code == 100) GTEST_SKIP() << "cannot drop to uid nobody";
  EXPECT_EQ(code, 0) << "bits: 1 kernel counting allowed, 2 note lacks the sysctl, 4 plan not "
                        "user-only, 8 tracepoint not 'not permitted', 16 task-clock not counted, "
                        "32 no user-mode task-clock, 64 no pipe to hold the child";
}

}  // namespace
}  // namespace timeit::counters
