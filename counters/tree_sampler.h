#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/perf_records.h"
#include "counters/sample_ring.h"
#include "platforms/system_roots.h"
#include "platforms/unique_fd.h"

namespace timeit::counters {

/// What a profile samples: `cycles` where the PMU samples it, else
/// `cpu-clock` (a VM without a PMU), and whether kernel mode may be sampled.
struct SamplingEvent {
  EventEncoding event;
  bool user_only = false;
  /// What the user must be told once: the fallback to cpu-clock, kernel
  /// mode not permitted. Empty when there is nothing to say.
  std::vector<std::string> notes;
};

/// Probes this machine (on this process, nothing inherited): cycles
/// sampling at `frequency_hz`, else cpu-clock; kernel mode unless
/// perf_event_paranoid forbids it. `error` is the errno of cpu-clock's own
/// failure when nothing can be sampled at all (0 otherwise).
SamplingEvent ChooseSamplingEvent(const platforms::SystemRoots& roots, int frequency_hz,
                                  int& error);

struct SamplerSettings {
  SamplingEvent event;
  int frequency_hz = 999;
  bool callchains = false;  ///< PERF_SAMPLE_CALLCHAIN
  std::vector<int> cpus;
};

/// Samples one run's process tree: one sampling event per online CPU on the
/// run's child, opened while the child is held before exec, with inherit
/// and enable_on_exec, so that every descendant is sampled from the exec
/// on, on whichever CPU it runs (perf record's way: the kernel refuses to
/// map the buffer of an inherited event bound to no CPU). Each CPU's ring
/// buffer is drained on a reader thread as it fills; the records of all
/// CPUs are merged in time order (the process that forked on one CPU before
/// its child ran on another must be known first) and handed to the sink on
/// that thread. Memory stays bounded: the rings are fixed, and a record is
/// held only until the next round of reads has passed its time. Beside
/// each CPU's sampling event, a dummy event reports the executable mappings
/// alone into a small ring that wakes the reader at every record: the sink's
/// OnMmapEarly sees an exec's mappings while its process still lives.
class TreeSampler {
 public:
  explicit TreeSampler(SamplerSettings settings);
  TreeSampler(const TreeSampler&) = delete;
  TreeSampler& operator=(const TreeSampler&) = delete;
  ~TreeSampler();

  /// Opens the events on `pid` and starts the reader; records go to `sink`
  /// until Stop (a run never stopped is dropped here, unread). Returns 0, or the errno of the first
  /// event that could not be opened or mapped (then nothing of this run is sampled).
  int Start(pid_t pid, RecordSink& sink);

  /// After the run's child is reaped: reads what is left, hands it to the
  /// sink on this thread, stops the reader and closes the events. Returns
  /// what the records counted (samples, lost, throttled) over the run.
  RecordCounts Stop();

  /// The data bytes of each CPU's ring buffer, as last mapped.
  std::size_t ring_bytes() const { return ring_pages_ * page_size_; }

 private:
  struct Pending {
    std::uint64_t time = 0;
    std::size_t offset = 0;  ///< in pending_bytes_
    std::uint32_t size = 0;
  };
  int OpenOn(pid_t pid, int cpu);
  /// The dummy event of OnMmapEarly on `cpu`; where it cannot be opened or
  /// mapped there is none (the mappings still come in time order).
  void OpenEarlyOn(pid_t pid, int cpu);
  /// Hands the early rings' mappings to the sink's OnMmapEarly.
  void DrainEarly();
  void ReaderLoop();
  /// Reads every ring once; hands on the records whose time is at most
  /// what the round before reached (all earlier ones have been read), or
  /// with `final` everything.
  void Round(bool final);
  void Close();
  /// Stops the reader thread, if one runs; the sink gets nothing more.
  void JoinReader();

  SamplerSettings settings_;
  RecordLayout layout_;
  std::size_t page_size_ = 4096;
  std::size_t ring_pages_ = 2;
  std::vector<platforms::UniqueFd> fds_;
  std::vector<SampleRing> rings_;
  std::vector<platforms::UniqueFd> early_fds_;
  std::vector<SampleRing> early_rings_;
  platforms::UniqueFd wake_;  ///< eventfd: Stop wakes the reader's poll
  std::thread reader_;
  std::atomic<bool> stopping_{false};
  RecordSink* sink_ = nullptr;
  RecordCounts counts_;
  std::vector<std::byte> pending_bytes_, round_bytes_;
  std::vector<Pending> pending_;
  std::uint64_t horizon_ = 0;  ///< the latest time the previous round read
};

}  // namespace timeit::counters
