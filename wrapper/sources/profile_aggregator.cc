#include "wrapper/sources/profile_aggregator.h"

#include <linux/perf_event.h>

#include <algorithm>

namespace timeit {
namespace {

constexpr std::string_view kUnknown = "[unknown]";
/// The name the kernel's records give the vDSO's mapping.
constexpr std::string_view kVdso = "[vdso]";
/// The address caches are emptied past this many entries (16 MiB or so).
constexpr std::size_t kMaxCachedAddresses = 1 << 20;

/// Files worth opening: real paths, not [vdso] (read from memory instead),
/// [vsyscall] or //anon.
bool IsFile(std::string_view path) { return path.starts_with('/') && !path.starts_with("//"); }

}  // namespace

void ProfileAggregator::BeginRun() {
  for (std::uint32_t f : touched_) sums_[f] = Sums{};
  touched_.clear();
  total_period_ = 0;
  spaces_ = symbols::AddressSpaces();
  if (objects_.empty()) {
    unknown_object_ = ObjectOf(kUnknown, 0);
    kernel_object_ = ObjectOf(symbols::KernelSymbols::kKernelObject, 0);
  }
}

std::vector<FunctionSamples> ProfileAggregator::EndRun() const {
  std::vector<FunctionSamples> rows;
  rows.reserve(touched_.size());
  for (std::uint32_t f : touched_) {
    const Function& fn = functions_[f];
    const Sums& s = sums_[f];
    rows.push_back({fn.name, objects_[fn.object].path, fn.kernel, s.samples, s.total_samples,
                    s.period, s.total_period});
  }
  return rows;
}

std::uint32_t ProfileAggregator::ObjectOf(std::string_view path, std::uint64_t identity) {
  std::string key(path);
  key += '\0';
  key += std::to_string(identity);
  const auto [it, added] = object_ids_.try_emplace(std::move(key), objects_.size());
  if (added) objects_.push_back({std::string(path), false, nullptr, nullptr});
  return it->second;
}

std::uint32_t ProfileAggregator::VdsoObject(pid_t pid, std::uint64_t start, std::uint64_t length) {
  std::optional<std::size_t> image = vdso_.Read(pid, start, length);
  if (!image) {
    // Gone already (a record is read a round after it was written): an
    // image of its kind, which the files it maps say (exec maps the program
    // and its interpreter before the vDSO).
    for (const symbols::Mapping& m : spaces_.MappingsOf(pid)) {
      const std::string& path = objects_[m.object].path;
      const auto kind = IsFile(path) ? symbols::ElfKindOfFile(path) : std::nullopt;
      if (!kind) continue;
      image = vdso_.OfKind(*kind);
      break;
    }
  }
  if (!image) return ObjectOf(kVdso, 0);
  const std::uint32_t id = ObjectOf(kVdso, *image + 1);
  objects_[id].tried = true;
  objects_[id].symbols = vdso_.symbols(*image);
  return id;
}

std::uint32_t ProfileAggregator::FunctionId(const std::string& name, std::uint32_t object,
                                            bool kernel) {
  // Objects are told apart by inode; functions by the path alone, so that a
  // program rebuilt between runs keeps its functions' rows.
  std::string key = name;
  key += '\0';
  key += objects_[object].path;
  key += kernel ? "\0k" : "\0u";
  const auto [it, added] = function_ids_.try_emplace(std::move(key), functions_.size());
  if (added) {
    functions_.push_back({name, object, kernel});
    sums_.emplace_back();
  }
  return it->second;
}

std::uint32_t ProfileAggregator::ResolveKernel(std::uint64_t address) {
  if (kernel_cache_.size() > kMaxCachedAddresses) kernel_cache_.clear();
  if (const auto it = kernel_cache_.find(address); it != kernel_cache_.end()) return it->second;
  const symbols::KernelFunction k = kernel_.Lookup(address);
  std::uint32_t id;
  if (k.name.empty()) {
    id = FunctionId(std::string(kUnknown), kernel_object_, true);
  } else {
    id = FunctionId(std::string(k.name), ObjectOf(k.object, 0), true);
  }
  kernel_cache_.emplace(address, id);
  return id;
}

std::uint32_t ProfileAggregator::ResolveUser(std::uint32_t pid, std::uint64_t address) {
  const symbols::Mapping* m = spaces_.Find(static_cast<pid_t>(pid), address);
  if (m == nullptr) return FunctionId(std::string(kUnknown), unknown_object_, false);
  const std::uint64_t offset = address - m->start + m->file_offset;
  const std::uint64_t key =
      static_cast<std::uint64_t>(m->object) << 40 | (offset & ((1ULL << 40) - 1));
  if (user_cache_.size() > kMaxCachedAddresses) user_cache_.clear();
  if (const auto it = user_cache_.find(key); it != user_cache_.end()) return it->second;
  Object& object = objects_[m->object];
  if (!object.tried) {
    object.tried = true;
    if (IsFile(object.path)) object.owned = symbols::ElfSymbols::Open(object.path);
    object.symbols = object.owned.get();
  }
  std::optional<std::string> name;
  if (object.symbols) name = object.symbols->FunctionAt(offset);
  const std::uint32_t id = FunctionId(name ? *name : std::string(kUnknown), m->object, false);
  user_cache_.emplace(key, id);
  return id;
}

std::uint32_t ProfileAggregator::Resolve(std::uint32_t pid, std::uint64_t address, bool kernel) {
  return kernel ? ResolveKernel(address) : ResolveUser(pid, address);
}

ProfileAggregator::Sums& ProfileAggregator::SumsOf(std::uint32_t function) {
  Sums& s = sums_[function];
  if (s.samples == 0 && s.total_samples == 0) touched_.push_back(function);
  return s;
}

void ProfileAggregator::OnSample(const counters::SampleRecord& s) {
  const bool kernel = s.mode != counters::SampleMode::kUser;
  const std::uint32_t leaf = kernel && s.mode == counters::SampleMode::kOther
                                 ? FunctionId(std::string(kUnknown), unknown_object_, true)
                                 : Resolve(s.pid, s.ip, kernel);
  const auto period = static_cast<double>(s.period);
  total_period_ += period;
  Sums& sums = SumsOf(leaf);
  ++sums.samples;
  sums.period += period;
  if (!s.callchain.empty()) AddCallers(s, leaf);
}

/// Every function on the sample's stack, once each (a recursive one too).
void ProfileAggregator::AddCallers(const counters::SampleRecord& s, std::uint32_t leaf) {
  seen_.assign(1, leaf);
  bool kernel = s.mode != counters::SampleMode::kUser;
  bool first = true;
  for (const std::uint64_t ip : s.callchain) {
    if (ip >= static_cast<std::uint64_t>(PERF_CONTEXT_MAX)) {
      if (ip == static_cast<std::uint64_t>(PERF_CONTEXT_KERNEL)) kernel = true;
      if (ip == static_cast<std::uint64_t>(PERF_CONTEXT_USER)) kernel = false;
      // A context's first address is where that mode was (the user's, of a
      // kernel sample, where it trapped or was interrupted: an interrupt at
      // a function's first instruction is in that function).
      first = true;
      continue;
    }
    // Past it the chain holds return addresses: the call is the
    // instruction before, which may belong to the previous function.
    const std::uint32_t f = Resolve(s.pid, first ? ip : ip - 1, kernel);
    first = false;
    if (std::find(seen_.begin(), seen_.end(), f) == seen_.end()) seen_.push_back(f);
  }
  const auto period = static_cast<double>(s.period);
  for (std::uint32_t f : seen_) {
    Sums& sums = SumsOf(f);
    ++sums.total_samples;
    sums.total_period += period;
  }
}

void ProfileAggregator::OnMmap(const counters::MmapRecord& m) {
  const auto pid = static_cast<pid_t>(m.pid);
  if (m.filename == kVdso) {
    // An address's offset into the image is its distance from the start.
    spaces_.Map(pid, m.address, m.length, 0, VdsoObject(pid, m.address, m.length));
    return;
  }
  spaces_.Map(pid, m.address, m.length, m.file_offset, ObjectOf(m.filename, m.inode));
}

void ProfileAggregator::OnMmapEarly(const counters::MmapRecord& m) {
  // The image is read while the process lives; by OnMmap's turn a short
  // one has exited, and its Read takes what was read here.
  if (m.filename == kVdso) vdso_.Prefetch(static_cast<pid_t>(m.pid), m.address, m.length);
}

void ProfileAggregator::OnComm(const counters::CommRecord& c) {
  if (c.exec && c.pid == c.tid) spaces_.Exec(static_cast<pid_t>(c.pid));
}

void ProfileAggregator::OnFork(const counters::TaskRecord& t) {
  spaces_.Fork(static_cast<pid_t>(t.ppid), static_cast<pid_t>(t.pid));
}

void ProfileAggregator::OnExit(const counters::TaskRecord& t) {
  if (t.pid == t.tid) spaces_.Exit(static_cast<pid_t>(t.pid));
}

}  // namespace timeit
