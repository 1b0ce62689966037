#include "wrapper/sources/profile_source.h"

#include <cstring>
#include <fstream>
#include <utility>

#include "counters/kernel_symbols.h"
#include "counters/tree_sampler.h"
#include "platforms/perf_event_paranoid_fix.h"
#include "platforms/system_roots.h"
#include "wrapper/base/errors.h"
#include "wrapper/sources/profile_aggregator.h"

namespace timeit {
namespace {

double CpuNanoseconds(const struct rusage& u) {
  const auto ns = [](const struct timeval& t) {
    return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_usec) * 1e3;
  };
  return ns(u.ru_utime) + ns(u.ru_stime);
}

std::string ReadLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

counters::SamplingEvent ChooseOrThrow(const platforms::SystemRoots& roots, int hz) {
  int error = 0;
  counters::SamplingEvent event = counters::ChooseSamplingEvent(roots, hz, error);
  if (error != 0)
    throw UsageError(std::string("--profile: nothing can be sampled here: perf_event_open of "
                                 "cpu-clock: ") +
                     std::strerror(error) +
                     (error == EACCES || error == EPERM
                          ? " (" + platforms::ParanoidSysctl(2) + " or lower allows it)"
                          : ""));
  return event;
}

class ProfileSource : public MeasurementSource {
 public:
  ProfileSource(const platforms::Machine& machine, const ProfileOptions& options,
                std::unique_ptr<ProfileSink> sink);
  /// The reader thread feeds aggregator_, declared after the sampler: stop it first.
  ~ProfileSource() override {
    if (sampling_) sampler_.Stop();
  }

  std::vector<std::string> Columns() const override { return {}; }
  void BeforeRun(const RunInfo& run) override { run_ = run; }
  void AttachBeforeExec(pid_t pid) override;
  void Collect(const RunExit& exit, MetricValues& out) override;
  void AfterRowWritten(const RunInfo& run) override;
  std::vector<std::string> TakeNotes() override;

 private:
  /// Says `note` once per kind (`flag`).
  void NoteOnce(unsigned flag, std::string note);
  enum : unsigned { kOpenFailed = 1, kLost = 2, kThrottled = 4, kNoSamples = 8 };

  ProfileOptions options_;
  std::unique_ptr<ProfileSink> sink_;
  platforms::SystemRoots roots_;
  counters::SamplingEvent event_;
  symbols::KernelSymbols kernel_;
  counters::TreeSampler sampler_;
  ProfileAggregator aggregator_;
  RunInfo run_;
  bool sampling_ = false;
  bool collected_ = false;
  std::vector<ProfileLine> lines_;
  std::vector<std::string> notes_;
  unsigned noted_ = 0;
};

ProfileSource::ProfileSource(const platforms::Machine& machine, const ProfileOptions& options,
                             std::unique_ptr<ProfileSink> sink)
    : options_(options),
      sink_(std::move(sink)),
      roots_(machine.roots),
      event_(ChooseOrThrow(roots_, options.frequency_hz)),
      kernel_(event_.user_only ? symbols::KernelSymbols()
                               : symbols::KernelSymbols::Load(roots_.proc + "/kallsyms")),
      sampler_({.event = event_,
                .frequency_hz = options.frequency_hz,
                .callchains = options.callers,
                .cpus = platforms::CpusToCountOn(machine)}),
      aggregator_(kernel_, roots_.proc) {
  notes_ = event_.notes;
  if (!event_.user_only && kernel_.hidden()) {
    const std::string restrict = ReadLine(roots_.proc + "/sys/kernel/kptr_restrict");
    notes_.push_back(
        "--profile: kernel addresses are hidden from timeit (" + roots_.proc + "/kallsyms" +
        (restrict.empty() ? std::string() : ", kernel.kptr_restrict=" + restrict) +
        "): kernel samples are counted as [unknown] in [kernel.kallsyms], user mode is resolved; "
        "to name kernel functions: sysctl kernel.kptr_restrict=0, or run as root");
  }
}

void ProfileSource::NoteOnce(unsigned flag, std::string note) {
  if ((noted_ & flag) != 0) return;
  noted_ |= flag;
  notes_.push_back(std::move(note));
}

void ProfileSource::AttachBeforeExec(pid_t pid) {
  // A run interrupted before Collect (a signal, a command that could not be
  // executed) leaves its sampler running: its records are no run's.
  if (sampling_) sampler_.Stop();
  aggregator_.BeginRun();
  const int error = sampler_.Start(pid, aggregator_);
  sampling_ = error == 0;
  if (!sampling_)
    NoteOnce(kOpenFailed, std::string("--profile: a run could not be sampled (") +
                              std::strerror(error) + "); its profile is missing");
}

void ProfileSource::Collect(const RunExit& exit, MetricValues& /*out*/) {
  collected_ = true;
  lines_.clear();
  if (!sampling_) return;
  sampling_ = false;
  const counters::RecordCounts counts = sampler_.Stop();
  if (counts.lost > 0)
    NoteOnce(kLost, "--profile: the kernel dropped " + std::to_string(counts.lost) +
                        " samples of a run (its ring buffers of " +
                        std::to_string(sampler_.ring_bytes() / 1024) +
                        " KiB per CPU were full); the profile holds the rest");
  if (counts.throttled > 0)
    NoteOnce(kThrottled,
             "--profile: the kernel throttled sampling (kernel.perf_cpu_time_max_percent); "
             "a lower --profile=HZ samples evenly");
  if (counts.samples == 0)
    NoteOnce(kNoSamples,
             "--profile: a run had no sample (shorter than a sampling period); "
             "it has no profile");
  const double total = aggregator_.total_period();
  const double scale = total > 0 ? CpuNanoseconds(exit.usage) / total : 0;
  for (const FunctionSamples& f : aggregator_.EndRun()) {
    ProfileLine line;
    line.function = f.function;
    line.object = f.object;
    line.kernel = f.kernel;
    line.samples = f.samples;
    line.time_ns = f.period * scale;
    if (options_.callers) {
      line.total_samples = f.total_samples;
      line.total_ns = f.total_period * scale;
    }
    lines_.push_back(std::move(line));
  }
}

void ProfileSource::AfterRowWritten(const RunInfo& run) {
  if (!run.warmup && !lines_.empty()) sink_->WriteRun(run.label, run.number, lines_);
  lines_.clear();
}

std::vector<std::string> ProfileSource::TakeNotes() {
  // Setup notes wait for the first run so that its CSV row records them.
  if (!collected_) return {};
  return std::exchange(notes_, {});
}

}  // namespace

std::unique_ptr<MeasurementSource> MakeProfileSource(const platforms::Machine& machine,
                                                     const ProfileOptions& options,
                                                     std::unique_ptr<ProfileSink> sink) {
  return std::make_unique<ProfileSource>(machine, options, std::move(sink));
}

}  // namespace timeit
