#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace timeit::symbols {

/// One executable mapping of a process: [start, end) shows `object` (an
/// index of the caller's table of mapped files) from `file_offset` on.
struct Mapping {
  std::uint64_t start = 0, end = 0, file_offset = 0;
  std::uint32_t object = 0;
};

/// The executable mappings of every process of a sampled tree, kept from
/// the kernel's records as they come (PERF_RECORD_MMAP2, FORK, COMM with
/// exec, EXIT), so that a user-mode address is read against the mappings
/// its process had when it was sampled. A forked process shares its
/// parent's list until either maps something (copy on write): a build's
/// thousands of processes cost one list per exec'd program.
class AddressSpaces {
 public:
  /// `pid` mapped [start, start + length) of `object` at `file_offset`;
  /// mappings it overlaps are cut away, as mmap(2) replaces them.
  void Map(pid_t pid, std::uint64_t start, std::uint64_t length, std::uint64_t file_offset,
           std::uint32_t object);
  /// `child` is a new process with a copy of `parent`'s address space.
  void Fork(pid_t parent, pid_t child);
  /// `pid` exec'd: its address space is new and empty.
  void Exec(pid_t pid);
  /// `pid` exited: forget it.
  void Exit(pid_t pid);
  /// The mapping of `pid` holding `address`, or nullptr.
  const Mapping* Find(pid_t pid, std::uint64_t address) const;
  /// Every mapping of `pid`, by address.
  std::span<const Mapping> MappingsOf(pid_t pid) const;
  std::size_t processes() const { return spaces_.size(); }

 private:
  using List = std::vector<Mapping>;  ///< sorted by start, disjoint
  std::unordered_map<pid_t, std::shared_ptr<List>> spaces_;
};

}  // namespace timeit::symbols
