#include "counters/tree_sampler.h"

#include <linux/perf_event.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "counters/generic_events.h"
#include "counters/privilege.h"
#include "platforms/perf_event_paranoid_fix.h"

namespace timeit::counters {
namespace {

/// How long the reader sleeps at most between rounds: records wait at most
/// this long (plus a round) before the sink sees them.
constexpr int kRoundMs = 250;

perf_event_attr SamplingAttr(const EventEncoding& e, int frequency_hz, bool user_only,
                             bool callchains) {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = e.type;
  attr.config = e.config;
  attr.config1 = e.config1;
  attr.config2 = e.config2;
  attr.freq = 1;
  attr.sample_freq = static_cast<std::uint64_t>(frequency_hz);
  attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
  if (callchains) attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
  attr.exclude_kernel = user_only ? 1 : 0;
  attr.exclude_hv = 1;
  attr.exclude_guest = 1;
  return attr;
}

long OpenAttr(perf_event_attr& attr, pid_t pid, int cpu) {
  return ::syscall(SYS_perf_event_open, &attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

/// Whether `e` can be sampled here at all (on this process, nothing inherited).
int ProbeSampling(const EventEncoding& e, int frequency_hz, bool user_only) {
  perf_event_attr attr = SamplingAttr(e, frequency_hz, user_only, false);
  attr.disabled = 1;
  const long fd = OpenAttr(attr, 0, -1);
  if (fd < 0) return errno;
  ::close(static_cast<int>(fd));
  return 0;
}

/// Calls `f(offset, size)` for each whole record in `bytes`, in order;
/// returns the bytes they take.
template <typename F>
std::size_t ForEachRecord(const std::vector<std::byte>& bytes, F f) {
  std::size_t at = 0;
  while (at + sizeof(perf_event_header) <= bytes.size()) {
    perf_event_header h{};
    std::memcpy(&h, bytes.data() + at, sizeof h);
    if (h.size < sizeof h || at + h.size > bytes.size()) break;
    f(at, std::uint32_t{h.size});
    at += h.size;
  }
  return at;
}

/// The early rings' records: their mappings to OnMmapEarly, nothing else.
class EarlyMappings : public RecordSink {
 public:
  explicit EarlyMappings(RecordSink& sink) : sink_(sink) {}
  void OnSample(const SampleRecord&) override {}
  void OnMmap(const MmapRecord& m) override { sink_.OnMmapEarly(m); }
  void OnComm(const CommRecord&) override {}
  void OnFork(const TaskRecord&) override {}
  void OnExit(const TaskRecord&) override {}

 private:
  RecordSink& sink_;
};

}  // namespace

SamplingEvent ChooseSamplingEvent(const platforms::SystemRoots& roots, int frequency_hz,
                                  int& error) {
  SamplingEvent chosen;
  error = 0;
  const KernelCounting kernel = ProbeKernelCounting(roots);
  chosen.user_only = !kernel.allowed;
  if (!kernel.allowed)
    chosen.notes.push_back(
        "--profile: kernel mode is not sampled (kernel.perf_event_paranoid forbids it); user "
        "mode is profiled; to profile the kernel too: " +
        platforms::ParanoidSysctl(1));
  const int cycles_error =
      ProbeSampling(*FindGenericEvent("cycles"), frequency_hz, chosen.user_only);
  if (cycles_error == 0) {
    chosen.event = *FindGenericEvent("cycles");
    return chosen;
  }
  chosen.event = *FindGenericEvent("cpu-clock");
  error = ProbeSampling(chosen.event, frequency_hz, chosen.user_only);
  if (error == 0)
    chosen.notes.push_back(std::string("--profile: sampling on cpu-clock: cycles cannot be "
                                       "sampled here (") +
                           std::strerror(cycles_error) + "; a VM without a PMU?)");
  return chosen;
}

TreeSampler::TreeSampler(SamplerSettings settings) : settings_(std::move(settings)) {
  layout_.callchain = settings_.callchains;
  page_size_ = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  // A sample is 48 bytes, with a call chain a few hundred; side-band records
  // (mmap, comm, fork, exit) come on top.
  const double record_bytes = settings_.callchains ? 512 : 64;
  ring_pages_ = RingPagesFor(record_bytes * settings_.frequency_hz, page_size_);
}

TreeSampler::~TreeSampler() { JoinReader(); }

void TreeSampler::JoinReader() {
  if (!reader_.joinable()) return;
  stopping_ = true;
  const std::uint64_t one = 1;
  if (::write(wake_.get(), &one, sizeof one) < 0) {
    // The reader wakes by its poll timeout instead.
  }
  reader_.join();
}

int TreeSampler::OpenOn(pid_t pid, int cpu) {
  perf_event_attr attr = SamplingAttr(settings_.event.event, settings_.frequency_hz,
                                      settings_.event.user_only, settings_.callchains);
  attr.disabled = 1;
  attr.enable_on_exec = 1;
  attr.inherit = 1;
  attr.mmap = 1;
  attr.mmap2 = 1;
  attr.comm = 1;
  attr.comm_exec = 1;
  attr.task = 1;
  attr.sample_id_all = 1;
  // Wake the reader at half full (the watermark is a byte count).
  attr.watermark = 1;
  attr.wakeup_watermark = static_cast<std::uint32_t>(ring_pages_ * page_size_ / 2);
  const long fd = OpenAttr(attr, pid, cpu);
  if (fd < 0) return errno == ENODEV ? 0 : errno;  // ENODEV: the CPU went offline
  platforms::UniqueFd owned(static_cast<int>(fd));
  SampleRing ring;
  // Past perf_event_mlock_kb (an unprivileged user's limit over all CPUs)
  // the map fails with EPERM: fewer pages still profile, with more wake-ups.
  int error = 0;
  for (std::size_t pages = ring_pages_; pages >= 1; pages /= 2) {
    error = ring.Map(owned.get(), pages);
    if (error == 0 || error != EPERM) {
      if (error == 0) ring_pages_ = pages;
      break;
    }
  }
  if (error != 0) return error;
  fds_.push_back(std::move(owned));
  rings_.push_back(std::move(ring));
  OpenEarlyOn(pid, cpu);
  return 0;
}

void TreeSampler::OpenEarlyOn(pid_t pid, int cpu) {
  // The sampling event's attributes (the same record layout), counting nothing.
  perf_event_attr attr = SamplingAttr(settings_.event.event, settings_.frequency_hz,
                                      settings_.event.user_only, settings_.callchains);
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_DUMMY;
  attr.config1 = attr.config2 = 0;
  attr.disabled = 1;
  attr.enable_on_exec = 1;
  attr.inherit = 1;
  attr.mmap = 1;  // executable mappings: an exec's program, interpreter and vDSO
  attr.mmap2 = 1;
  attr.sample_id_all = 1;
  attr.watermark = 1;
  attr.wakeup_watermark = 1;  // wake the reader at every record
  const long fd = OpenAttr(attr, pid, cpu);
  if (fd < 0) return;
  platforms::UniqueFd owned(static_cast<int>(fd));
  SampleRing ring;
  // A page holds an exec's few mappings many times over; one lost is only late.
  if (ring.Map(owned.get(), 1) != 0) return;
  early_fds_.push_back(std::move(owned));
  early_rings_.push_back(std::move(ring));
}

void TreeSampler::DrainEarly() {
  EarlyMappings early(*sink_);
  RecordCounts ignored;
  for (SampleRing& ring : early_rings_) {
    round_bytes_.clear();
    ring.Drain(round_bytes_);
    ForEachRecord(round_bytes_, [&](std::size_t at, std::uint32_t size) {
      DecodeRecord(round_bytes_.data() + at, size, layout_, early, ignored);
    });
  }
}

int TreeSampler::Start(pid_t pid, RecordSink& sink) {
  JoinReader();  // a run that was never stopped (its command could not be executed)
  Close();
  sink_ = &sink;
  counts_ = {};
  horizon_ = 0;
  for (int cpu : settings_.cpus) {
    if (const int error = OpenOn(pid, cpu); error != 0) {
      Close();
      return error;
    }
  }
  if (fds_.empty()) return ENODEV;
  wake_.Reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
  if (!wake_) {
    const int error = errno;
    Close();
    return error;
  }
  stopping_ = false;
  reader_ = std::thread([this] { ReaderLoop(); });
  return 0;
}

void TreeSampler::ReaderLoop() {
  std::vector<pollfd> polled;
  for (const auto& fd : fds_) polled.push_back({.fd = fd.get(), .events = POLLIN, .revents = 0});
  for (const auto& fd : early_fds_)
    polled.push_back({.fd = fd.get(), .events = POLLIN, .revents = 0});
  polled.push_back({.fd = wake_.get(), .events = POLLIN, .revents = 0});
  while (!stopping_) {
    const int n = ::poll(polled.data(), polled.size(), kRoundMs);
    if (n < 0 && errno != EINTR) break;
    if (stopping_) break;
    // An event whose task tree has exited polls as hung up for good: stop
    // polling it (Stop reads it a last time).
    for (std::size_t i = 0; i + 1 < polled.size(); ++i)
      if ((polled[i].revents & (POLLHUP | POLLERR)) != 0) polled[i].fd = -1;
    Round(/*final=*/false);
  }
}

void TreeSampler::Round(bool final) {
  DrainEarly();
  std::uint64_t round_max = horizon_;
  for (SampleRing& ring : rings_) {
    round_bytes_.clear();
    ring.Drain(round_bytes_);
    const std::size_t at = ForEachRecord(round_bytes_, [&](std::size_t offset, std::uint32_t size) {
      const std::uint64_t time = RecordTime(round_bytes_.data() + offset, size, layout_);
      round_max = std::max(round_max, time);
      pending_.push_back({time, pending_bytes_.size() + offset, size});
    });
    pending_bytes_.insert(pending_bytes_.end(), round_bytes_.begin(),
                          round_bytes_.begin() + static_cast<long>(at));
  }
  std::stable_sort(pending_.begin(), pending_.end(),
                   [](const Pending& a, const Pending& b) { return a.time < b.time; });
  const std::uint64_t limit = horizon_;
  std::size_t done = 0;
  for (; done < pending_.size() && (final || pending_[done].time <= limit); ++done)
    DecodeRecord(pending_bytes_.data() + pending_[done].offset, pending_[done].size, layout_,
                 *sink_, counts_);
  // Keep the rest, compacted, for the next round.
  std::vector<std::byte> kept;
  std::vector<Pending> kept_index;
  for (std::size_t i = done; i < pending_.size(); ++i) {
    kept_index.push_back({pending_[i].time, kept.size(), pending_[i].size});
    const auto from = pending_bytes_.begin() + static_cast<long>(pending_[i].offset);
    kept.insert(kept.end(), from, from + pending_[i].size);
  }
  pending_bytes_ = std::move(kept);
  pending_ = std::move(kept_index);
  horizon_ = round_max;
}

RecordCounts TreeSampler::Stop() {
  JoinReader();
  if (sink_ != nullptr && !rings_.empty()) Round(/*final=*/true);
  const RecordCounts counts = counts_;
  Close();
  return counts;
}

void TreeSampler::Close() {
  rings_.clear();  // unmapped before their fds close
  fds_.clear();
  early_rings_.clear();
  early_fds_.clear();
  wake_.Reset();
  pending_.clear();
  pending_bytes_.clear();
  sink_ = nullptr;
}

}  // namespace timeit::counters
