// 10,000 runs of a command through the run mode's own machinery, in this
// process: the options parser, BuildSources (resource usage, counters and a
// --metric reading the command's output through the OutputTap), the results
// CSV writer and row formatter, and RunLoop itself. A probe source, plugged
// in as any source is, samples this process's file descriptors and resident
// memory as the loop collects each run: none may pile up across runs.
// $TIMEIT_SOAK_RUNS overrides the count (scripts/test.sh --sanitize lowers
// it: ASan makes every run slower).
#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "platforms/machine.h"
#include "platforms/system_roots.h"
#include "wrapper/process/process_tree.h"
#include "wrapper/results/series_metadata.h"
#include "wrapper/run/counting_schedule.h"
#include "wrapper/run/run_loop.h"
#include "wrapper/run/sources.h"

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

/// What the probe saw; owned by the test, since the series owns (and
/// destroys) the probe itself.
struct ProbeReadings {
  int collected = 0, failed = 0;
  int fds_before = -1, fds_after = -1;
  long rss_before = -1, rss_after = -1;
};

/// A measurement source without columns that notes, when the loop collects
/// run `baseline_run` and the last run, how many fds are open and how much
/// memory is resident: the loop's state in the middle of the series, not
/// after it has cleaned up.
class ProbeSource : public MeasurementSource {
 public:
  ProbeSource(int baseline_run, int last_run, ProbeReadings& seen)
      : baseline_run_(baseline_run), last_run_(last_run), seen_(seen) {}
  std::vector<std::string> Columns() const override { return {}; }
  bool AttachesBeforeExec() const override { return false; }
  void Collect(const RunExit& exit, MetricValues& /*out*/) override {
    ++seen_.collected;
    if (exit.wait_status != 0) ++seen_.failed;
    if (seen_.collected == baseline_run_)
      seen_.fds_before = OpenFds(), seen_.rss_before = ResidentKiB();
    if (seen_.collected == last_run_) seen_.fds_after = OpenFds(), seen_.rss_after = ResidentKiB();
  }

 private:
  int baseline_run_, last_run_;
  ProbeReadings& seen_;
};

/// The run mode's series for `args`, assembled as RunMain assembles it,
/// with `probe` as the last source.
int RunSeries(const std::vector<std::string>& args, std::unique_ptr<MeasurementSource> probe) {
  std::vector<const char*> argv = {"timeit"};
  for (const std::string& a : args) argv.push_back(a.c_str());
  const RunOptions o = ParseRunOptions(static_cast<int>(argv.size()), argv.data());
  // Each run in its own cgroup where this machine has one, as RunMain does:
  // ten thousand cgroups made and removed must leave no fd behind either.
  CgroupOffer offer;
  const std::unique_ptr<SeriesCgroup> cgroup = MakeSeriesCgroup(o, offer);
  const platforms::Machine machine =
      platforms::ReadMachine(platforms::SystemRootsFromEnvironment());
  std::vector<std::unique_ptr<MeasurementSource>> sources = BuildSources(o, offer, machine);
  sources.push_back(std::move(probe));
  std::vector<std::string> columns;
  for (const auto& s : sources)
    for (const std::string& c : s->Columns()) columns.push_back(c);
  SeriesMetadata metadata = GatherSeriesMetadata(machine, o.command, o.shell);
  for (const auto& s : sources) metadata.counting_runs |= !s->CountingRunColumns().empty();
  ResultsRowFormatter rows("soak", metadata, columns);
  std::vector<std::string> warnings;
  ResultsCsvWriter csv(o.output, rows.columns(), warnings);
  std::vector<MeasurementSource*> readers;
  for (const auto& s : sources)
    if (s->ReadsOutput()) readers.push_back(s.get());
  CommandOutputSink output(o, /*csv_on_stdout=*/false, readers);
  ::signal(SIGCHLD, SIG_DFL);
  SignalForwarder signals;
  LaunchSpec spec;
  spec.path = o.command.front();
  spec.argv = o.command;
  spec.stdout_fd = output.command_stdout_fd();
  spec.stderr_fd = output.command_stderr_fd();
  spec.reset_signals = signals.handled();
  BecomeSubreaper();
  ChildLauncher command(spec);
  ProgressLine progress(false, output.inherits());
  RunSummary summary(columns, o.runs, false);
  SeriesParts parts{.options = o,
                    .sources = sources,
                    .csv = csv,
                    .rows = rows,
                    .output = output,
                    .progress = progress,
                    .summary = summary,
                    .signals = signals,
                    .command = command,
                    .setup = nullptr,
                    .prepare = nullptr,
                    .cleanup = nullptr,
                    .teardown = nullptr,
                    .csv_name = o.output,
                    .cgroup = cgroup.get()};
  return RunLoop(parts).Run();
}

TEST(SoakTest, TenThousandRunsThroughTheRunLoopKeepFdsAndMemoryFlat) {
  const std::filesystem::path csv =
      std::filesystem::temp_directory_path() / ("timeit-soak-" + std::to_string(::getpid()));
  std::filesystem::remove(csv);
  const int runs = SoakRuns(), warmup = 50;
  // Warm-up runs let lazily opened things (libpfm4, tracefs, the allocator's
  // arenas, the CSV's buffer) settle before the baseline is taken.
  // The default counters include page-faults and syscalls, counted in
  // counting runs of their own (opened and closed in each): those runs come
  // beside the -n timing runs, and their fds must not pile up either.
  const int counting = CountingRunsOf(runs, kDefaultCountingRuns);
  ProbeReadings seen;
  auto probe = std::make_unique<ProbeSource>(warmup, warmup + runs + counting, seen);
  const int status = RunSeries(
      {"-n", std::to_string(runs), "-w", std::to_string(warmup), "-q", "--command-output", "null",
       "--metric", "v=value: (\\d+)", "-o", csv.string(), "--", "/bin/echo", "value: 42"},
      std::move(probe));
  EXPECT_EQ(status, 0);
  EXPECT_EQ(seen.collected, warmup + runs + counting);
  EXPECT_EQ(seen.failed, 0);
  ASSERT_GT(seen.fds_before, 2);
  EXPECT_EQ(seen.fds_after, seen.fds_before) << "file descriptors leaked over " << runs << " runs";
  const long growth = seen.rss_after - seen.rss_before;
#ifdef TIMEIT_TEST_ASAN
  // ASan keeps freed memory in quarantine (up to 256 MB by default), so
  // resident memory grows by design; only the fds are checked here.
  RecordProperty("rss_growth_kib", std::to_string(growth));
#else
  EXPECT_LT(growth, 4096) << "resident memory grew by " << growth << " KiB over " << runs
                          << " runs";
#endif
  // Every run is a row, and the last one has the command's number.
  std::ifstream in(csv);
  std::string line, last;
  int lines = 0, counting_rows = 0;
  while (std::getline(in, line)) {
    ++lines, last = line;
    if (line.ends_with(",count")) ++counting_rows;
  }
  EXPECT_EQ(lines, 1 + warmup + runs + counting);
  EXPECT_EQ(counting_rows, counting);
  EXPECT_NE(last.find(",42,"), std::string::npos) << last;
  std::filesystem::remove(csv);
}

}  // namespace
}  // namespace timeit
