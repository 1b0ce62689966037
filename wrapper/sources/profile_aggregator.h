#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "counters/address_spaces.h"
#include "counters/elf_symbols.h"
#include "counters/kernel_symbols.h"
#include "counters/perf_records.h"
#include "counters/vdso_images.h"

namespace timeit {

/// One function's samples in one run: `samples` and `period` (the sampled
/// event's count: cycles, or cpu-clock nanoseconds) where it was the
/// sampled instruction; with call chains also where it was anywhere on the
/// stack (`total_*`, each sample once). Unresolved addresses are function
/// "[unknown]" of their object, never dropped.
struct FunctionSamples {
  std::string function;
  std::string object;  ///< the mapped file's path, or [kernel.kallsyms], [ext4], [vdso], [unknown]
  bool kernel = false;
  std::uint64_t samples = 0, total_samples = 0;
  double period = 0, total_period = 0;
};

/// Turns a sampler's records into per-function sums as they stream in:
/// the processes' mappings are followed record by record, each sample is
/// resolved at once against the mappings of its process at that moment,
/// and only the sums are kept. Memory is bounded by the functions met (and
/// a cache of the addresses met, emptied when it grows large). Symbol
/// tables are read once per mapped file and kept across runs; a file is
/// known by its path and inode, so a program rebuilt between runs is read
/// again. A process's [vdso] is read from its memory when its mapping is
/// met (symbols::VdsoImages), once per image.
class ProfileAggregator : public counters::RecordSink {
 public:
  /// `kernel` must outlive the aggregator; `proc` is where the sampled
  /// processes' <proc>/PID/mem are.
  explicit ProfileAggregator(const symbols::KernelSymbols& kernel, std::string proc = "/proc")
      : kernel_(kernel), vdso_(std::move(proc)) {}

  /// Forgets the processes and sums of the previous run.
  void BeginRun();
  /// This run's functions with a sample, in first-met order.
  std::vector<FunctionSamples> EndRun() const;
  double total_period() const { return total_period_; }

  void OnSample(const counters::SampleRecord& s) override;
  void OnMmap(const counters::MmapRecord& m) override;
  void OnMmapEarly(const counters::MmapRecord& m) override;
  void OnComm(const counters::CommRecord& c) override;
  void OnFork(const counters::TaskRecord& t) override;
  void OnExit(const counters::TaskRecord& t) override;

 private:
  struct Object {
    std::string path;
    bool tried = false;  ///< ElfSymbols::Open attempted (or a vDSO image given)
    std::unique_ptr<symbols::ElfSymbols> owned;  ///< a file's, opened here
    const symbols::ElfSymbols* symbols = nullptr;
  };
  struct Function {
    std::string name;
    std::uint32_t object;
    bool kernel;
  };
  struct Sums {
    std::uint64_t samples = 0, total_samples = 0;
    double period = 0, total_period = 0;
  };
  /// A file is told apart by its inode, a [vdso] by its image's number + 1
  /// (0: no image).
  std::uint32_t ObjectOf(std::string_view path, std::uint64_t identity);
  /// The [vdso] object of the image `pid` maps at [start, start + length):
  /// its own, read now, else one of its kind (that of the files it maps).
  std::uint32_t VdsoObject(pid_t pid, std::uint64_t start, std::uint64_t length);
  std::uint32_t FunctionId(const std::string& name, std::uint32_t object, bool kernel);
  std::uint32_t Resolve(std::uint32_t pid, std::uint64_t address, bool kernel);
  std::uint32_t ResolveUser(std::uint32_t pid, std::uint64_t address);
  std::uint32_t ResolveKernel(std::uint64_t address);
  Sums& SumsOf(std::uint32_t function);
  void AddCallers(const counters::SampleRecord& s, std::uint32_t leaf);

  const symbols::KernelSymbols& kernel_;
  symbols::AddressSpaces spaces_;
  symbols::VdsoImages vdso_;
  std::vector<Object> objects_;
  std::unordered_map<std::string, std::uint32_t> object_ids_;  ///< path '\0' identity
  std::vector<Function> functions_;
  std::unordered_map<std::string, std::uint32_t> function_ids_;
  /// (object << 40 | offset) or kernel address -> function, for addresses met.
  std::unordered_map<std::uint64_t, std::uint32_t> user_cache_, kernel_cache_;
  std::vector<Sums> sums_;              ///< per function, this run
  std::vector<std::uint32_t> touched_;  ///< functions with sums this run, first-met order
  double total_period_ = 0;
  std::uint32_t unknown_object_ = 0, kernel_object_ = 0;
  std::vector<std::uint32_t> seen_;  ///< scratch: functions of one call chain
};

}  // namespace timeit
