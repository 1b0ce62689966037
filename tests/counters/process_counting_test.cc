// Counting a process that is not the run's (--count-pid) on its threads, as
// perf stat -p does, with the events every machine has.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

#include "counters/counter_plan.h"
#include "counters/process_counters.h"
#include "tests/counters/count_run.h"
#include "tests/test_paths.h"
#include "tests/counters/test_programs.h"

namespace timeit::counters {
namespace {

/// A process that waits on a pipe, then becomes `argv`: another process's
/// server, as far as the counters can tell.
struct Waiting {
  pid_t pid = -1;
  int go = -1;
  explicit Waiting(const std::vector<std::string>& argv) {
    int p[2];
    EXPECT_EQ(::pipe2(p, O_CLOEXEC), 0);
    pid = ::fork();
    if (pid == 0) {
      ::alarm(120);   // the deadline of Finish's waitpid
      ::close(p[1]);  // so that Finish's close is an end of file here
      char byte;
      if (::read(p[0], &byte, 1) != 1) ::_exit(0);  // never released
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    ::close(p[0]);
    go = p[1];
    // Blocked in its read: from here on it does nothing until released.
    for (int i = 0; i < 5000 && State() != 'S'; ++i) ::usleep(1000);
  }
  char State() const {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    std::getline(in, stat);
    const std::size_t paren = stat.rfind(')');
    return paren != std::string::npos && paren + 2 < stat.size() ? stat[paren + 2] : '?';
  }
  void Release() {
    EXPECT_EQ(::write(go, "x", 1), 1);
    ::close(go);
    go = -1;
  }
  void Finish() {
    if (go >= 0) ::close(go);
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  }
};

class ProcessCountingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    plan_ = PlanCounters({"syscalls", "task-clock"}, PlanOptions{});
    for (const PlannedCounter& c : plan_.counters)
      if (c.status != EventStatus::kCounted) GTEST_SKIP() << c.label << ": " << c.reason;
  }
  std::vector<EventEncoding> Events() const {
    return {*plan_.counters[0].encoding, *plan_.counters[1].encoding};
  }
  CounterPlan plan_;
};

TEST_F(ProcessCountingTest, ARunningProcessAndTheChildrenItStartsCountAsByInheritance) {
  constexpr long kCalls = 40000;
  const std::vector<std::string> argv = {kLoop, std::to_string(kCalls), "2"};
  Waiting server(argv);
  ProcessCounters counters(Events(), plan_.user_only, server.pid);
  ASSERT_EQ(counters.threads(), 1u);
  counters.BeforeStart();
  server.Release();
  server.Finish();
  const auto readings = counters.Collect();
  ASSERT_EQ(readings[0].status, EventStatus::kCounted) << readings[0].reason;
  TreeCounters tree(Events(), plan_.user_only);
  const auto inherited = CountRun(tree, argv);
  ASSERT_EQ(inherited[0].status, EventStatus::kCounted) << inherited[0].reason;
  EXPECT_GE(*readings[0].value, 3.0 * kCalls);
  EXPECT_NEAR(*readings[0].value, *inherited[0].value, 0.001 * *inherited[0].value);
  EXPECT_GT(*readings[1].value, 0);
}

TEST_F(ProcessCountingTest, AnIdleProcessCountsZeroAGoneOneIsNotCounted) {
  Waiting idle({kLoop, "1"});
  ProcessCounters counters(Events(), plan_.user_only, idle.pid);
  counters.BeforeStart();
  ::usleep(10000);
  const auto readings = counters.Collect();
  EXPECT_EQ(readings[0].status, EventStatus::kCounted) << readings[0].reason;
  EXPECT_EQ(readings[0].value, 0.0) << "a process that did not run made no system call";
  idle.Finish();

  ProcessCounters gone(Events(), plan_.user_only, idle.pid);  // reaped above
  EXPECT_EQ(gone.threads(), 0u);
  gone.BeforeStart();
  const auto none = gone.Collect();
  EXPECT_FALSE(none[0].value);
  EXPECT_NE(none[0].reason.find("is gone"), std::string::npos) << none[0].reason;
}

}  // namespace
}  // namespace timeit::counters
