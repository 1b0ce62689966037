// 10,000 runs of /bin/true in this process, started and measured the way
// the run loop does it (ChildLauncher, the resource-usage and counter
// sources, orphan reaping and the leftover sweep): no file descriptor and
// no memory may pile up across runs. $TIMEIT_SOAK_RUNS overrides the count
// (scripts/test.sh --sanitize lowers it: ASan makes every run slower).
#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "wrapper/process/child_launcher.h"
#include "wrapper/process/process_tree.h"
#include "wrapper/run/run_options.h"
#include "wrapper/run/sources.h"
#include "wrapper/sources/measurement_source.h"

#if defined(__SANITIZE_ADDRESS__)
#define TIMEIT_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TIMEIT_TEST_ASAN 1
#endif
#endif

namespace timeit {
namespace {

int SoakRuns() {
  const char* env = std::getenv("TIMEIT_SOAK_RUNS");
  return env != nullptr && std::atoi(env) > 0 ? std::atoi(env) : 10000;
}

/// Entries of /proc/self/fd, the directory's own fd excluded.
int OpenFds() {
  DIR* dir = ::opendir("/proc/self/fd");
  if (dir == nullptr) return -1;
  int n = 0;
  while (const dirent* e = ::readdir(dir))
    if (e->d_name[0] != '.') ++n;
  ::closedir(dir);
  return n - 1;
}

/// VmRSS of this process in KiB.
long ResidentKiB() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

class Series {
 public:
  Series() : sources_(BuildSources(RunOptions{})), launcher_(Spec()) {
    for (const auto& s : sources_)
      for (const std::string& c : s->Columns()) columns_.push_back(c);
    for (auto& s : sources_) s->BeginSeries();
  }

  /// One run as the run loop makes it; returns its wait status.
  int Run() {
    const pid_t pid = launcher_.Start();
    for (auto& s : sources_) s->AttachBeforeExec(pid);
    launcher_.Release();
    RunExit exit = launcher_.Wait();
    ReapExitedOrphans(exit.usage);
    KillLeftovers(pid, exit.usage);
    values_.clear();
    for (auto& s : sources_) s->Collect(exit, values_);
    for (auto& s : sources_) s->TakeNotes();
    return exit.wait_status;
  }

  std::size_t values() const { return values_.size(); }
  std::size_t columns() const { return columns_.size(); }
  const MetricValues& last() const { return values_; }

 private:
  static LaunchSpec Spec() {
    LaunchSpec spec;
    spec.path = "/bin/true";
    spec.argv = {"true"};
    return spec;
  }

  std::vector<std::unique_ptr<MeasurementSource>> sources_;
  ChildLauncher launcher_;
  std::vector<std::string> columns_;
  MetricValues values_;
};

TEST(SoakTest, TenThousandRunsWithCountersKeepFdsAndMemoryFlat) {
  Series series;
  // Warm-up: lazily opened things (libpfm4, tracefs, the allocator's arenas)
  // settle before the baseline is taken.
  for (int i = 0; i < 50; ++i) ASSERT_EQ(series.Run(), 0);
  const int fds_before = OpenFds();
  const long rss_before = ResidentKiB();
  ASSERT_GT(fds_before, 2);
  const int runs = SoakRuns();
  int failed = 0;
  for (int i = 0; i < runs; ++i) {
    if (series.Run() != 0) ++failed;
    ASSERT_EQ(series.values(), series.columns()) << "run " << i;
  }
  EXPECT_EQ(failed, 0);
  EXPECT_TRUE(series.last()[0].has_value());  // real, of the last run
  EXPECT_EQ(OpenFds(), fds_before) << "file descriptors leaked over " << runs << " runs";
  const long growth = ResidentKiB() - rss_before;
#ifdef TIMEIT_TEST_ASAN
  // ASan keeps freed memory in quarantine (up to 256 MB by default), so
  // resident memory grows by design; only the fds are checked here.
  RecordProperty("rss_growth_kib", std::to_string(growth));
#else
  EXPECT_LT(growth, 4096) << "resident memory grew by " << growth << " KiB over " << runs
                          << " runs";
#endif
}

}  // namespace
}  // namespace timeit
