#include "counters/tree_sampler.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "platforms/cpu_list.h"
#include "tests/test_paths.h"

namespace timeit::counters {
namespace {

struct SamplerRecording : RecordSink {
  std::set<std::uint32_t> sampled_pids;
  std::uint64_t samples = 0, kernel_samples = 0;
  std::set<std::string> mapped;
  int execs = 0, forks = 0, exits = 0;
  std::uint64_t last_time = 0;
  bool in_order = true;
  void OnSample(const SampleRecord& s) override {
    sampled_pids.insert(s.pid);
    ++samples;
    if (s.mode == SampleMode::kKernel) ++kernel_samples;
    in_order = in_order && s.time >= last_time;
    last_time = s.time;
  }
  void OnMmap(const MmapRecord& m) override { mapped.emplace(m.filename); }
  void OnComm(const CommRecord& c) override { execs += c.exec ? 1 : 0; }
  void OnFork(const TaskRecord& t) override { forks += t.pid != t.ppid ? 1 : 0; }
  void OnExit(const TaskRecord&) override { ++exits; }
};

/// Starts argv held before exec, samples it, releases it, reaps it.
RecordCounts SampleRun(TreeSampler& sampler, SamplerRecording& sink, std::vector<std::string> argv) {
  int go[2];
  EXPECT_EQ(pipe2(go, O_CLOEXEC), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    alarm(120);  // the deadline of the waitpid below
    char byte;
    if (read(go[0], &byte, 1) != 1) _exit(126);
    std::vector<char*> args;
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(go[0]);
  EXPECT_EQ(sampler.Start(pid, sink), 0);
  EXPECT_EQ(write(go[1], "x", 1), 1);
  close(go[1]);
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  return sampler.Stop();
}

SamplerSettings Settings() {
  int error = 0;
  const platforms::SystemRoots roots;
  SamplerSettings s{.event = ChooseSamplingEvent(roots, 999, error),
                    .frequency_hz = 999,
                    .callchains = false,
                    .cpus = platforms::ReadOnlineCpus(roots).cpus};
  EXPECT_EQ(error, 0);
  return s;
}

// syscall_loop forks two copies of itself, which exec /proc/self/exe: the
// sampler must follow the whole tree across forks and execs, on every CPU,
// and hand the records on in time order.
TEST(TreeSamplerTest, SamplesAWholeTreeAcrossForksAndExecs) {
  int error = 0;
  if (ChooseSamplingEvent({}, 999, error), error != 0)
    GTEST_SKIP() << "nothing can be sampled here: " << error;
  TreeSampler sampler(Settings());
  SamplerRecording sink;
  const RecordCounts counts = SampleRun(sampler, sink, {SYSCALL_LOOP_PATH, "3000000", "2"});
  EXPECT_GT(counts.samples, 20u);
  EXPECT_EQ(counts.samples, sink.samples);
  EXPECT_EQ(sink.sampled_pids.size(), 3u) << "the parent and its two children";
  EXPECT_EQ(sink.forks, 2);
  EXPECT_EQ(sink.execs, 3) << "the parent's exec and each child's";
  EXPECT_TRUE(sink.mapped.contains(SYSCALL_LOOP_PATH));
  EXPECT_TRUE(sink.in_order);
  EXPECT_EQ(counts.malformed, 0u);
}

// A sampler is reused run after run (opened per run on its child).
TEST(TreeSamplerTest, EachRunStartsAfresh) {
  int error = 0;
  if (ChooseSamplingEvent({}, 999, error), error != 0)
    GTEST_SKIP() << "nothing can be sampled here: " << error;
  TreeSampler sampler(Settings());
  for (int run = 0; run < 3; ++run) {
    SamplerRecording sink;
    const RecordCounts counts = SampleRun(sampler, sink, {SYSCALL_LOOP_PATH, "1000000"});
    EXPECT_GT(counts.samples, 5u) << run;
    EXPECT_EQ(sink.sampled_pids.size(), 1u) << run;
  }
}

/// Records the early mappings (on the sampler's reader thread) and whether
/// each process still mapped them when they came.
struct EarlySamplerRecording : SamplerRecording {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::pair<std::string, bool>> early;  ///< filename, in its maps then
  void OnMmapEarly(const MmapRecord& m) override {
    // Copied through rdbuf(), which turns a read error into failbit: a
    // process that exits while it is read makes the read fail with ESRCH,
    // which std::istreambuf_iterator would throw out of the reader thread.
    std::ifstream maps("/proc/" + std::to_string(m.pid) + "/maps");
    std::ostringstream copy;
    copy << maps.rdbuf();
    const std::string text = copy.str();
    const std::lock_guard<std::mutex> lock(mutex);
    early.emplace_back(m.filename, text.find(std::string(m.filename)) != std::string::npos);
    changed.notify_all();
  }
  bool Saw(const std::string& filename) {
    for (const auto& [name, in_maps] : early)
      if (name == filename && in_maps) return true;
    return false;
  }
};

// The exec's mappings come early, while its process lives: cat is held on
// its standard input until the sink has seen the vDSO mapped, without the
// sampler being stopped or a round of reads waited for.
TEST(TreeSamplerTest, AnExecsMappingsComeEarlyWhileItsProcessLives) {
  int error = 0;
  if (ChooseSamplingEvent({}, 999, error), error != 0)
    GTEST_SKIP() << "nothing can be sampled here: " << error;
  int go[2], input[2];
  ASSERT_EQ(pipe2(go, O_CLOEXEC), 0);
  ASSERT_EQ(pipe2(input, O_CLOEXEC), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    alarm(120);
    char byte;
    if (read(go[0], &byte, 1) != 1) _exit(126);
    dup2(input[0], 0);
    execl("/bin/cat", "cat", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(go[0]);
  close(input[0]);
  TreeSampler sampler(Settings());
  EarlySamplerRecording sink;
  ASSERT_EQ(sampler.Start(pid, sink), 0);
  ASSERT_EQ(write(go[1], "x", 1), 1);
  close(go[1]);
  bool seen = false;
  {
    std::unique_lock<std::mutex> lock(sink.mutex);
    seen =
        sink.changed.wait_for(lock, std::chrono::seconds(30), [&] { return sink.Saw("[vdso]"); });
  }
  close(input[1]);  // cat ends
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  sampler.Stop();
  EXPECT_TRUE(seen) << "no early [vdso] mapping in 30 s while cat lived";
  EXPECT_TRUE(sink.mapped.contains("[vdso]")) << "and in time order, as every mapping";
}

TEST(TreeSamplerTest, ParsesTheOnlineCpuList) {
  const std::vector<int> cpus = platforms::ReadOnlineCpus({}).cpus;
  ASSERT_FALSE(cpus.empty());
  EXPECT_EQ(static_cast<long>(cpus.size()), sysconf(_SC_NPROCESSORS_ONLN));
}

TEST(TreeSamplerTest, RingsHoldAboutASecondOfRecords) {
  EXPECT_EQ(RingPagesFor(64 * 999, 4096), 16u);
  EXPECT_EQ(RingPagesFor(10, 4096), 2u);
  EXPECT_EQ(RingPagesFor(1e9, 4096), 128u);
}

}  // namespace
}  // namespace timeit::counters
