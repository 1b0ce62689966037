// Counting by cgroup (per-CPU events with PERF_FLAG_PID_CGROUP) on a real
// process tree placed in a cgroup of its own, against inheritance and
// against `perf stat -a -G`, with the events every machine has.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "counters/cgroup_counters.h"
#include "counters/counter_plan.h"
#include "platforms/cgroup2.h"
#include "platforms/cgroup_stats.h"
#include "platforms/cpu_list.h"
#include "tests/counters/count_run.h"
#include "tests/test_paths.h"
#include "tests/counters/test_programs.h"

namespace timeit::counters {
namespace {

TEST(SumScaledTest, EachTargetIsScaledByItsOwnTimes) {
  // CPU 0 counted all of its time, CPU 1 half of it: 100 + 2 * 50.
  const CounterReading r = SumScaled({{100, 10, 10}, {50, 20, 10}});
  ASSERT_TRUE(r.value);
  EXPECT_DOUBLE_EQ(*r.value, 200.0);
  EXPECT_EQ(r.status, EventStatus::kMultiplexed);
  EXPECT_DOUBLE_EQ(*r.running_fraction, 20.0 / 30.0);
}

TEST(SumScaledTest, ATargetNeverOnACounterTakesTheRateOfTheOthers) {
  // CPU 1 was enabled as long as CPU 0 but never ran the event: its share is
  // taken at CPU 0's rate, never as 0.
  const CounterReading r = SumScaled({{100, 10, 10}, {0, 10, 0}});
  ASSERT_TRUE(r.value);
  EXPECT_DOUBLE_EQ(*r.value, 200.0);
  EXPECT_EQ(r.status, EventStatus::kMultiplexed);
}

TEST(SumScaledTest, ASoftwareEventIsNeverScaled) {
  // Seen in CI's full suite (counting runs by cgroup, the syscall tracepoint
  // opened for each): syscall_loop 100000 ran on CPU 0; CPU 1's cgroup clock
  // went on for 218 ms where the event never ran, and extrapolating made
  // 100031 system calls 289322. A tracepoint never waits for a counter.
  const std::vector<TargetDelta> seen = {{100031, 115255632, 115255632}, {0, 218101782, 0}};
  const CounterReading r = SumScaled(seen, false, /*may_multiplex=*/false);
  EXPECT_EQ(r.status, EventStatus::kCounted);
  EXPECT_DOUBLE_EQ(*r.value, 100031.0);
  EXPECT_DOUBLE_EQ(*r.running_fraction, 1.0);
  // Running behind enabled on the CPU where it counted: its count all the same.
  EXPECT_DOUBLE_EQ(*SumScaled({{500, 100, 40}, {20, 10, 10}}, false, false).value, 520.0);
  // Never scheduled anywhere: not counted, as before.
  EXPECT_EQ(SumScaled({{0, 50, 0}}, false, false).status, EventStatus::kNotCounted);
  // A hardware event's lost share is still estimated.
  EXPECT_EQ(SumScaled(seen).status, EventStatus::kMultiplexed);
}

TEST(SumScaledTest, CpusTheCgroupNeverRanOnAddNothing) {
  const CounterReading r = SumScaled({{0, 0, 0}, {70, 5, 5}, {0, 0, 0}});
  EXPECT_EQ(r.status, EventStatus::kCounted);
  EXPECT_DOUBLE_EQ(*r.value, 70.0);
  EXPECT_DOUBLE_EQ(*r.running_fraction, 1.0);
}

TEST(SumScaledTest, RunningWithinTheClocksSkewOfEnabledIsExact) {
  // Seen on QEMU's N1 by cgroup: cycles "multiplexed" at 100%, scheduled in
  // a moment after its cgroup at each switch.
  const CounterReading r = SumScaled({{1000, 100000, 99950}, {500, 0, 0}});
  EXPECT_EQ(r.status, EventStatus::kCounted);
  EXPECT_DOUBLE_EQ(*r.value, 1000.0);
  EXPECT_DOUBLE_EQ(*r.running_fraction, 1.0);
  EXPECT_EQ(SumScaled({{1000, 100000, 99800}}).status, EventStatus::kMultiplexed);
}

// A count is a whole number: the CSV documents task-clock in ns, and an
// unscaled 948692060 scaled by 1 in doubles read 948692060.00000012.
TEST(SumScaledTest, TheSumIsAWholeCount) {
  const CounterReading exact = SumScaled({{948692060, 948701111, 948701111}, {0, 0, 0}});
  EXPECT_EQ(exact.status, EventStatus::kCounted);
  EXPECT_EQ(*exact.value, 948692060.0);
  // 100 + 10 * 30 / 7 = 142.86: an estimate, rounded as perf stat prints it.
  const CounterReading scaled = SumScaled({{100, 10, 10}, {10, 30, 7}});
  EXPECT_EQ(scaled.status, EventStatus::kMultiplexed);
  EXPECT_EQ(*scaled.value, 143.0);
}

TEST(SumScaledTest, NothingRanIsNotCountedNeverZero) {
  EXPECT_FALSE(SumScaled({{0, 0, 0}, {0, 0, 0}}).value);
  const CounterReading starved = SumScaled({{0, 9, 0}});
  EXPECT_FALSE(starved.value);
  EXPECT_NE(starved.reason.find("no PMU counter was free"), std::string::npos);
}

TEST(CpuListTest, RangesAndSingles) {
  EXPECT_EQ(platforms::ParseCpuList("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(platforms::ParseCpuList("0"), (std::vector<int>{0}));
  EXPECT_FALSE(platforms::ParseCpuList(""));
  EXPECT_FALSE(platforms::ParseCpuList("3-1"));
  EXPECT_FALSE(platforms::ParseCpuList("a-b"));
  EXPECT_FALSE(OnlineCpus().empty());
}

/// A cgroup of this test's own below the cgroup it runs in, removed at the end.
class CgroupCountingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
    if (!where) GTEST_SKIP() << why;
    relative_ = where->own_path == "/" ? "" : where->own_path.substr(1) + "/";
    name_ = "counters-test-" + std::to_string(::getpid());
    dir_ = where->own_dir + "/" + name_;
    if (::mkdir(dir_.c_str(), 0755) != 0) GTEST_SKIP() << dir_ << ": " << std::strerror(errno);
    fd_ = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ASSERT_GE(fd_, 0);
    if (const int err = ProbeCgroupCounting(fd_, OnlineCpus().front()); err != 0)
      GTEST_SKIP() << ExplainCgroupCountingErrno(err);
    plan_ = PlanCounters({"syscalls", "task-clock", "context-switches"}, PlanOptions{});
    for (const PlannedCounter& c : plan_.counters)
      if (c.status != EventStatus::kCounted) GTEST_SKIP() << c.label << ": " << c.reason;
  }
  void TearDown() override {
    if (fd_ >= 0) ::close(fd_);
    if (!dir_.empty()) ::rmdir(dir_.c_str());
  }
  std::vector<EventEncoding> Events() const {
    return {*plan_.counters[0].encoding, *plan_.counters[1].encoding};
  }

  /// Runs argv in the cgroup (it joins before it waits for the go) and
  /// reads `counters` around it, as the run loop does.
  std::vector<CounterReading> RunInCgroup(RunCounters& counters,
                                          const std::vector<std::string>& argv) {
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
    // Joined before the baseline: the counts start at this read.
    for (int i = 0; i < 2000 && platforms::ReadCgroupWords(procs).empty(); ++i) ::usleep(1000);
    counters.BeforeStart();
    EXPECT_EQ(::write(go[1], "x", 1), 1);
    ::close(go[1]);
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
    return counters.Collect();
  }

  std::string relative_, name_, dir_;
  int fd_ = -1;
  CounterPlan plan_;
};

/// perf stat -a -G's count of raw_syscalls:sys_enter for `args` run in the
/// cgroup (the shell joins it, then execs the loop).
long PerfStatCgroupSyscalls(const std::string& cgroup, const std::string& dir,
                            const std::string& args) {
  const std::string cmd = "perf stat -x, -a -e raw_syscalls:sys_enter -G " + cgroup +
                          " -- sh -c 'echo 0 > " + dir + "/cgroup.procs && exec " + kLoop + " " +
                          args + "' 2>&1";
  FILE* out = ::popen(cmd.c_str(), "r");
  if (out == nullptr) return -1;
  char line[512];
  long count = -1;
  while (std::fgets(line, sizeof line, out) != nullptr) {
    const std::string text = line;
    if (text.find("raw_syscalls:sys_enter") != std::string::npos && std::isdigit(text[0]))
      count = std::stol(text);
  }
  ::pclose(out);
  return count;
}

TEST_F(CgroupCountingTest, ATreeCountsAsByInheritanceAndAsPerfStatDashG) {
  constexpr long kCalls = 50000;
  const std::vector<std::string> argv = {kLoop, std::to_string(kCalls), "3"};
  CgroupCounters by_cgroup(Events(), plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kTheRuns);
  const auto usage = [&] {
    std::ifstream in(dir_ + "/cpu.stat");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return platforms::FlatKeyedValue(text, "usage_usec");
  };
  const auto usage_before = usage();
  const auto cgroup = RunInCgroup(by_cgroup, argv);
  const auto usage_after = usage();
  ASSERT_EQ(cgroup[0].status, EventStatus::kCounted) << cgroup[0].reason;
  ASSERT_EQ(cgroup[1].status, EventStatus::kCounted) << cgroup[1].reason;
  TreeCounters tree(Events(), plan_.user_only);
  const auto inherited = CountRun(tree, argv);
  ASSERT_EQ(inherited[0].status, EventStatus::kCounted) << inherited[0].reason;
  // Four processes of kCalls each; cgroup counting also has the few calls
  // between the child's joining and its exec.
  EXPECT_GE(*cgroup[0].value, 4.0 * kCalls);
  EXPECT_NEAR(*cgroup[0].value, *inherited[0].value, 0.001 * *inherited[0].value);
  // task-clock (ns) against the same cgroup's own CPU time in the same run.
  ASSERT_TRUE(usage_before && usage_after);
  const double cpu_stat_ns = static_cast<double>(*usage_after - *usage_before) * 1000.0;
  EXPECT_NEAR(*cgroup[1].value, cpu_stat_ns, 0.02 * cpu_stat_ns + 1e6)
      << "task-clock " << *cgroup[1].value << " ns, cpu.stat usage " << cpu_stat_ns << " ns";
  const long perf = PerfStatCgroupSyscalls(relative_ + name_, dir_, std::to_string(kCalls) + " 3");
  if (perf < 0) GTEST_SKIP() << "perf stat -a -G unavailable";
  EXPECT_NEAR(*cgroup[0].value, static_cast<double>(perf), 0.001 * static_cast<double>(perf));
}

// --rotate by cgroup: each group one perf group per CPU, the run's enabled
// by ioctl; an event in every group (cycles and instructions are, on a PMU)
// counts in every run. Software events stand in for the hardware here.
TEST_F(CgroupCountingTest, RotationGroupsCountInTurnAndSharedEventsInEvery) {
  std::vector<EventEncoding> events = Events();
  events.push_back(*plan_.counters[2].encoding);
  CgroupCounters rotated(events, plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kTheRuns, "",
                         {{0, 1}, {0, 2}});
  constexpr long kCalls = 20000;
  for (std::size_t group : {0u, 1u, 0u}) {
    rotated.SelectGroup(group);
    const auto r = RunInCgroup(rotated, {kLoop, std::to_string(kCalls)});
    ASSERT_EQ(r[0].status, EventStatus::kCounted) << "group " << group << ": " << r[0].reason;
    // This run's calls alone: the loop's and a few hundred of its start.
    EXPECT_GE(*r[0].value, kCalls);
    EXPECT_LT(*r[0].value, kCalls + 2000) << "group " << group;
    const std::size_t in = group == 0 ? 1 : 2, out = group == 0 ? 2 : 1;
    EXPECT_EQ(r[in].status, EventStatus::kCounted) << r[in].reason;
    EXPECT_TRUE(r[in].value.has_value());
    EXPECT_EQ(r[out].status, EventStatus::kOtherRun);
    EXPECT_FALSE(r[out].value.has_value());
  }
}

// The runs' own cgroup is read once per run: one run's closing read is the
// next one's opening read, so each run must still count its calls alone.
TEST_F(CgroupCountingTest, SuccessiveRunsEachCountTheirOwnCallsAlone) {
  CgroupCounters by_cgroup(Events(), plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kTheRuns);
  for (const long calls : {10000L, 30000L, 20000L}) {
    const auto r = RunInCgroup(by_cgroup, {kLoop, std::to_string(calls)});
    ASSERT_EQ(r[0].status, EventStatus::kCounted) << r[0].reason;
    EXPECT_GE(*r[0].value, calls);
    EXPECT_LT(*r[0].value, calls + 2000) << "a run of " << calls << " calls";
  }
}

// A service's cgroup runs between the runs: it is read before each one.
TEST_F(CgroupCountingTest, AnotherCgroupIsReadBeforeEachRun) {
  CgroupCounters other(Events(), plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kAnother);
  RunInCgroup(other, {kLoop, "1000"});
  // Between two runs, 20000 calls in the cgroup that are not the next run's.
  CgroupCounters meanwhile(Events(), plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kAnother);
  RunInCgroup(meanwhile, {kLoop, "20000"});
  const auto r = RunInCgroup(other, {kLoop, "5000"});
  ASSERT_EQ(r[0].status, EventStatus::kCounted) << r[0].reason;
  EXPECT_LT(*r[0].value, 5000 + 2000);
}

TEST_F(CgroupCountingTest, BetweenRunsNothingIsCounted) {
  CgroupCounters by_cgroup(Events(), plan_.user_only, fd_, OnlineCpus(), CountedCgroup::kTheRuns);
  by_cgroup.BeforeStart();
  ::usleep(20000);  // the cgroup is empty: its events do not run
  const auto idle = by_cgroup.Collect();
  EXPECT_EQ(idle[0].status, EventStatus::kNotCounted);
  EXPECT_FALSE(idle[0].value) << "an empty cgroup's count is not 0, it is not counted";
}

}  // namespace
}  // namespace timeit::counters
