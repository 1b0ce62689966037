#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "counters/elf_symbols.h"

namespace timeit::symbols {

/// Which programs a vDSO image serves: those of one ELF class and machine.
/// A 64-bit x86 kernel has three images (x86-64, i386 and x32 programs),
/// arm64 two (arm64, and 32-bit Arm ones under COMPAT_VDSO).
struct ElfKind {
  unsigned elf_class = 0;  ///< ELFCLASS32 or ELFCLASS64
  unsigned machine = 0;    ///< EM_X86_64, EM_386, EM_AARCH64, ...
  bool operator==(const ElfKind&) const = default;
};

/// The kind of an ELF file from its first bytes (at least the 20 up to and
/// including e_machine); nullopt when they are no ELF header.
std::optional<ElfKind> ElfKindOf(std::span<const std::byte> header);
/// The kind of the ELF file at `path`; nullopt when unreadable or not ELF.
std::optional<ElfKind> ElfKindOfFile(const std::string& path);

/// The vDSO images of the processes of a sampled tree, and their functions
/// (the names of the image's own .dynsym: __vdso_clock_gettime,
/// __kernel_vsyscall). The vDSO is no file: an image is read from the memory
/// of a process that maps it, while that process lives, and kept for every
/// later process of its kind. Images are told apart by their bytes, so a
/// running kernel gives one per kind, however many processes map it.
class VdsoImages {
 public:
  /// `proc`: where the processes' <proc>/PID/maps and <proc>/PID/mem are.
  explicit VdsoImages(std::string proc) : proc_(std::move(proc)) {}

  /// The image `pid` maps at [start, start + length) as its [vdso], read
  /// from its memory: its number in this table. nullopt when the process is
  /// gone, maps no [vdso] there any more (it exec'd again), or its memory
  /// cannot be read (ptrace access is needed: a setuid program's is not).
  std::optional<std::size_t> Read(pid_t pid, std::uint64_t start, std::uint64_t length);
  /// Read now, for the next Read of the same mapping to answer without
  /// reading again: the sampler hands an exec's [vdso] early, while its
  /// process lives, and again in time order, when it may be gone.
  void Prefetch(pid_t pid, std::uint64_t start, std::uint64_t length);
  /// An image of `kind` for a process whose own could not be read: the first
  /// one read from another process, else timeit's own vDSO when it is of
  /// that kind. nullopt when neither is.
  std::optional<std::size_t> OfKind(ElfKind kind);
  /// The functions of image `image`; nullptr when its symbols are unreadable.
  const ElfSymbols* symbols(std::size_t image) const { return images_[image].symbols.get(); }
  std::size_t size() const { return images_.size(); }

 private:
  struct Image {
    ElfKind kind;
    std::vector<std::byte> bytes;
    std::unique_ptr<ElfSymbols> symbols;
  };
  /// The number of the image holding `bytes`, added when it is new.
  std::optional<std::size_t> Add(std::vector<std::byte> bytes);

  std::string proc_;
  std::vector<Image> images_;
  /// Prefetch's answers (the image, or none) by pid and start, each taken by
  /// the next Read; forgotten wholesale past kMaxPrefetched (records lost).
  std::map<std::pair<pid_t, std::uint64_t>, std::optional<std::size_t>> prefetched_;
  bool own_added_ = false;
};

}  // namespace timeit::symbols
