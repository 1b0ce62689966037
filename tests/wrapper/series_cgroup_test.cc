#include "wrapper/process/series_cgroup.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "platforms/cgroup2.h"
#include "wrapper/process/cgroup_dir.h"
#include "wrapper/process/child_launcher.h"
#include "wrapper/process/process_tree.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The cgroup v2 path of a process, from /proc/PID/cgroup.
std::string CgroupOf(pid_t pid) {
  return platforms::UnifiedCgroupPath(ReadAll("/proc/" + std::to_string(pid) + "/cgroup"))
      .value_or("?");
}

/// A series cgroup, or a skip saying why this machine has none.
std::unique_ptr<SeriesCgroup> CreateOrSkip(std::vector<std::string>& notes) {
  std::string why;
  auto cg = SeriesCgroup::Create(platforms::SystemRoots{}, {}, why, notes);
  if (!cg) ADD_FAILURE() << "no series cgroup: " << why;
  return cg;
}

class SeriesCgroupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
    if (!where) GTEST_SKIP() << why;
    if (::access((where->own_dir + "/cgroup.procs").c_str(), W_OK) != 0)
      GTEST_SKIP() << where->own_dir << " is not writable (not root, no delegation)";
    own_ = where->own_dir;
  }
  std::string own_;
};

TEST_F(SeriesCgroupTest, EachRunsChildStartsInAnEmptyCgroupAndNoneIsLeftAfterTheSeries) {
  std::vector<std::string> notes;
  auto cg = CreateOrSkip(notes);
  ASSERT_TRUE(cg);
  const std::string series = cg->dir();
  EXPECT_TRUE(fs::is_directory(series));
  EXPECT_EQ(fs::path(series).parent_path(), fs::path(own_));
  // Before Linux 6.12 a kept cgroup would carry the last run's page cache
  // into memory.peak, which cannot be reset there.
  const bool kept = !cg->HasController("memory") || cg->peak_resettable();
  std::string last_run;
  for (const bool hold : {false, true, false}) {
    cg->BeginRun();
    const std::string run = cg->run_dir();
    EXPECT_EQ(fs::path(run).parent_path(), fs::path(series));
    EXPECT_EQ(cg->run_fresh(), last_run.empty() || !kept) << run;
    if (kept && !last_run.empty()) {
      EXPECT_EQ(run, last_run);
    }
    EXPECT_TRUE(CgroupMembers(run).empty());
    LaunchSpec spec;
    spec.path = "/bin/sleep";
    spec.argv = {"sleep", "5"};
    ChildLauncher child(spec);
    const pid_t pid = child.Start(hold, cg->run_fd());
    // Before its release, too: it is placed before exec.
    EXPECT_TRUE(CgroupOf(pid).ends_with(fs::path(run).filename().string())) << CgroupOf(pid);
    child.Release();
    EXPECT_EQ(CgroupMembers(run), std::vector<pid_t>{pid});
    ::kill(pid, SIGKILL);
    child.Wait();
    EXPECT_TRUE(cg->SweepRun(/*keep=*/false).empty());
    std::string why;
    EXPECT_TRUE(cg->EndRun(why)) << why;
    EXPECT_EQ(fs::exists(run), kept) << run;
    last_run = run;
  }
  cg.reset();
  EXPECT_FALSE(fs::exists(series));
}

TEST_F(SeriesCgroupTest, ARunThatMadeACgroupIsRemovedAndTheNextRunGetsAFreshOne) {
  std::vector<std::string> notes;
  auto cg = CreateOrSkip(notes);
  ASSERT_TRUE(cg);
  cg->BeginRun();
  const std::string run = cg->run_dir();
  // What a container runtime or systemd-run inside the command would leave.
  ASSERT_EQ(::mkdir((run + "/inner").c_str(), 0755), 0);
  std::string why;
  EXPECT_TRUE(cg->EndRun(why)) << why;
  EXPECT_FALSE(fs::exists(run));
  cg->BeginRun();
  EXPECT_TRUE(cg->run_fresh());
  EXPECT_NE(cg->run_dir(), run);
  EXPECT_TRUE(fs::is_directory(cg->run_dir()));
}

TEST_F(SeriesCgroupTest, ADaemonOfTheRunIsNamedAndKilled) {
  std::vector<std::string> notes;
  auto cg = CreateOrSkip(notes);
  ASSERT_TRUE(cg);
  BecomeSubreaper();
  cg->BeginRun();
  LaunchSpec spec;
  spec.path = "/bin/sh";
  // The daemon leaves the session and process group; the shell exits at once.
  spec.argv = {"sh", "-c", "setsid sleep 300 </dev/null >/dev/null 2>&1 & exit 0"};
  ChildLauncher child(spec);
  child.Start(false, cg->run_fd());
  RunExit exit = child.Wait();
  ASSERT_EQ(exit.wait_status, 0);
  // The daemon may still be a shell between fork and exec.
  std::vector<std::string> left;
  for (int i = 0; i < 1000 && (left.empty() || left[0].find("(sleep)") == std::string::npos); ++i) {
    ::usleep(1000);
    left.clear();
    for (const pid_t pid : CgroupMembers(cg->run_dir())) left.push_back(DescribeProcess(pid));
  }
  ASSERT_EQ(left.size(), 1u);
  EXPECT_NE(left[0].find("(sleep)"), std::string::npos) << left[0];
  EXPECT_EQ(cg->SweepRun(/*keep=*/false), left);
  EXPECT_FALSE(CgroupPopulated(cg->run_dir()));
  ReapExitedOrphans(exit.usage);
  std::string why;
  EXPECT_TRUE(cg->EndRun(why)) << why;
  // A cgroup once killed kills what is cloned into it later: the next run
  // has a new one, and lives.
  cg->BeginRun();
  EXPECT_TRUE(cg->run_fresh());
  LaunchSpec next;
  next.path = "/bin/true";
  next.argv = {"true"};
  ChildLauncher after(next);
  after.Start(false, cg->run_fd());
  EXPECT_EQ(after.Wait().wait_status, 0) << "the run after a killed one was killed too";
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
}

TEST_F(SeriesCgroupTest, AStaleSeriesOfAKilledTimeitIsRemovedWithWhatItHeld) {
  // What a timeit killed with SIGKILL leaves: its series directory with a run
  // in it and a daemon still running there. Pid 1's start time is never
  // "1", so the owner is gone by the rule. All of it in a cgroup of this
  // test's own: every timeit started in own_ meanwhile (the tests run in
  // parallel) would rightly remove a stale series there before we look.
  const std::string parent = own_ + "/stale-series-test-" + std::to_string(::getpid());
  ASSERT_EQ(::mkdir(parent.c_str(), 0755), 0) << parent;
  struct Cleanup {
    std::string dir;
    ~Cleanup() { RemoveCgroupTree(dir); }
  } cleanup{parent};
  const std::string stale = parent + "/timeit-1-" + std::to_string(::getpid()) + "000";
  ASSERT_EQ(::mkdir(stale.c_str(), 0755), 0) << stale;
  ASSERT_EQ(::mkdir((stale + "/run-3").c_str(), 0755), 0);
  const std::string other = parent + "/timeit-not-ours";
  ASSERT_EQ(::mkdir(other.c_str(), 0755), 0);
  const pid_t daemon = ::fork();
  if (daemon == 0) {
    std::ofstream(stale + "/run-3/cgroup.procs") << "0" << std::flush;
    ::execl("/bin/sleep", "sleep", "300", nullptr);
    ::_exit(127);
  }
  for (int i = 0; i < 1000 && CgroupMembers(stale).empty(); ++i) ::usleep(1000);
  ASSERT_EQ(CgroupMembers(stale), std::vector<pid_t>{daemon});
  const std::vector<std::string> notes = RemoveStaleSeries(parent, "/proc");
  int status = 0;
  ASSERT_EQ(::waitpid(daemon, &status, 0), daemon);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(other)) << "a directory not named by timeit's rule was touched";
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("removed " + stale), std::string::npos) << notes[0];
  EXPECT_NE(notes[0].find("killed the 1 processes"), std::string::npos) << notes[0];
}

TEST_F(SeriesCgroupTest, AMissingControllerSaysWhy) {
  std::vector<std::string> notes;
  auto cg = CreateOrSkip(notes);
  ASSERT_TRUE(cg);
  std::string why;
  const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
  const auto& v1 = where->v1_controllers;
  if (std::find(v1.begin(), v1.end(), "memory") == v1.end())
    GTEST_SKIP() << "the memory controller is not on cgroup v1 here";
  EXPECT_FALSE(cg->HasController("memory"));
  EXPECT_NE(cg->MissingController("memory").find("bound to cgroup v1"), std::string::npos)
      << cg->MissingController("memory");
}

TEST_F(SeriesCgroupTest, WithoutTheMemoryControllerARunsCgroupServesTheNextAndMemPeakSaysWhy) {
  std::vector<std::string> notes;
  std::string why;
  auto cg = SeriesCgroup::Create(platforms::SystemRoots{}, {.memory = false}, why, notes);
  ASSERT_TRUE(cg) << why;
  EXPECT_FALSE(cg->HasController("memory"));
  EXPECT_EQ(cg->MissingController("memory"), "off (--no-mem-peak)");
  std::string first;
  for (int run = 0; run < 2; ++run) {
    cg->BeginRun();
    LaunchSpec spec;
    spec.path = "/bin/true";
    spec.argv = {"true"};
    ChildLauncher child(spec);
    child.Start(/*hold=*/false, cg->run_fd());
    child.Wait();
    EXPECT_TRUE(cg->SweepRun(/*keep=*/false).empty());
    // Kept whether or not this kernel's memory.peak can be reset.
    EXPECT_EQ(cg->run_fresh(), run == 0);
    if (run == 0) first = cg->run_dir();
    EXPECT_EQ(cg->run_dir(), first);
    EXPECT_FALSE(fs::exists(cg->run_dir() + "/memory.peak"));
    ASSERT_TRUE(cg->EndRun(why)) << why;
  }
}

}  // namespace
}  // namespace timeit
