#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace timeit::counters {

/// Where a sampled instruction pointer was: perf's cpumode (header.misc).
enum class SampleMode { kUser, kKernel, kOther };

/// One PERF_RECORD_SAMPLE of a sampler opened with IP | TID | TIME | PERIOD
/// (and CALLCHAIN when call chains are asked for).
struct SampleRecord {
  std::uint32_t pid = 0, tid = 0;
  std::uint64_t time = 0;
  std::uint64_t ip = 0;
  std::uint64_t period = 0;
  SampleMode mode = SampleMode::kOther;
  /// The kernel's call chain, leaf first, with its PERF_CONTEXT_* markers
  /// (values from PERF_CONTEXT_MAX up) that say whose addresses follow;
  /// empty without CALLCHAIN.
  std::span<const std::uint64_t> callchain;
};

/// PERF_RECORD_MMAP2 of an executable mapping (attr.mmap2 reports only those).
struct MmapRecord {
  std::uint32_t pid = 0, tid = 0;
  std::uint64_t address = 0, length = 0, file_offset = 0;
  std::uint64_t inode = 0;  ///< 0 when the kernel reported a build id instead
  std::string_view filename;
};

/// PERF_RECORD_COMM; `exec` when the task exec'd (PERF_RECORD_MISC_COMM_EXEC):
/// its address space is new.
struct CommRecord {
  std::uint32_t pid = 0, tid = 0;
  bool exec = false;
};

/// PERF_RECORD_FORK and PERF_RECORD_EXIT. A new process has pid != ppid; a
/// new thread shares its parent's pid.
struct TaskRecord {
  std::uint32_t pid = 0, ppid = 0, tid = 0, ptid = 0;
  std::uint64_t time = 0;
};

/// What a sampler's ring buffers carry, in time order across CPUs.
class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual void OnSample(const SampleRecord& sample) = 0;
  virtual void OnMmap(const MmapRecord& mmap) = 0;
  virtual void OnComm(const CommRecord& comm) = 0;
  virtual void OnFork(const TaskRecord& task) = 0;
  virtual void OnExit(const TaskRecord& task) = 0;
  /// An executable mapping the moment the reader sees it, out of time order
  /// and before OnMmap has it: for what must be read from the process while
  /// it lives (its vDSO), which by OnMmap's turn may have exited. Best
  /// effort: a mapping may come here late, or only to OnMmap.
  virtual void OnMmapEarly(const MmapRecord& /*mmap*/) {}
};

/// What a record holds besides its body, set by the sampler's attributes.
struct RecordLayout {
  bool callchain = false;  ///< PERF_SAMPLE_CALLCHAIN
};

/// Counts of what the decoder met that is not a sample or a task event.
struct RecordCounts {
  std::uint64_t samples = 0;
  std::uint64_t lost = 0;       ///< samples the kernel dropped (PERF_RECORD_LOST)
  std::uint64_t throttled = 0;  ///< PERF_RECORD_THROTTLE: the kernel lowered the rate
  std::uint64_t malformed = 0;  ///< records shorter than their kind needs
};

/// The time of a record (`bytes`, header first, `size` bytes): the sample's
/// own, or the sample_id trailer's (sample_id_all), 0 when there is none.
std::uint64_t RecordTime(const std::byte* bytes, std::size_t size, const RecordLayout& layout);

/// Decodes one whole record and hands it to `sink`; records of other kinds
/// are counted or skipped. Never reads past `size`.
void DecodeRecord(const std::byte* bytes, std::size_t size, const RecordLayout& layout,
                  RecordSink& sink, RecordCounts& counts);

}  // namespace timeit::counters
