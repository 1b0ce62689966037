#include "counters/vdso_images.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/auxv.h>
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "platforms/unique_fd.h"

namespace timeit::symbols {
namespace {

/// A vDSO is a page or a few; anything much larger is not one.
constexpr std::uint64_t kMaxImageBytes = 1 << 20;
/// Prefetched mappings whose in-order record never came (lost), at most.
constexpr std::size_t kMaxPrefetched = 4096;

/// Whether <proc>/PID/maps shows [start, end) as the process's [vdso] now.
bool MapsVdsoAt(const std::string& maps, std::uint64_t start, std::uint64_t end) {
  std::ifstream in(maps);
  std::string line;
  while (std::getline(in, line)) {
    std::uint64_t from = 0, to = 0;
    if (std::sscanf(line.c_str(), "%" SCNx64 "-%" SCNx64, &from, &to) != 2) continue;
    if (from == start && to == end) return line.ends_with("[vdso]");
  }
  return false;
}

/// [start, start + length) of <proc>/PID/mem; empty when it cannot be read.
std::vector<std::byte> ReadMemory(const std::string& mem, std::uint64_t start, std::size_t length) {
  platforms::UniqueFd fd(::open(mem.c_str(), O_RDONLY | O_CLOEXEC));
  std::vector<std::byte> bytes(length);
  // pread64: a 32-bit timeit reads a 64-bit child's vDSO above 4 GiB.
  if (!fd || ::pread64(fd.get(), bytes.data(), length, static_cast<off64_t>(start)) !=
                 static_cast<ssize_t>(length))
    return {};
  return bytes;
}

/// This process's own vDSO (AT_SYSINFO_EHDR), as far as its ELF headers
/// reach: the loaded segments and the section headers at the image's end.
std::vector<std::byte> OwnImage() {
  const unsigned long address = ::getauxval(AT_SYSINFO_EHDR);
  if (address == 0) return {};  // booted with vdso=0, or an emulator gives none
  const auto* base = reinterpret_cast<const std::byte*>(address);
  const auto* ehdr = reinterpret_cast<const ElfW(Ehdr)*>(base);
  if (std::memcmp(ehdr->e_ident, ELFMAG, SELFMAG) != 0) return {};
  std::uint64_t end = ehdr->e_shoff + std::uint64_t{ehdr->e_shnum} * ehdr->e_shentsize;
  const auto* phdrs = reinterpret_cast<const ElfW(Phdr)*>(base + ehdr->e_phoff);
  for (int i = 0; i < ehdr->e_phnum; ++i)
    if (phdrs[i].p_type == PT_LOAD)
      end = std::max<std::uint64_t>(end, phdrs[i].p_offset + phdrs[i].p_filesz);
  if (end > kMaxImageBytes) return {};
  // Copied into a vector of its size (not built from the pointer range, in
  // which GCC 12 sees a free of a pointer it cannot place).
  std::vector<std::byte> image(static_cast<std::size_t>(end));
  std::memcpy(image.data(), base, image.size());
  return image;
}

}  // namespace

std::optional<ElfKind> ElfKindOf(std::span<const std::byte> header) {
  if (header.size() < 20 || std::memcmp(header.data(), ELFMAG, SELFMAG) != 0) return std::nullopt;
  const auto byte = [&](std::size_t i) { return std::to_integer<unsigned>(header[i]); };
  const unsigned elf_class = byte(EI_CLASS);
  if (elf_class != ELFCLASS32 && elf_class != ELFCLASS64) return std::nullopt;
  // e_machine, at 18 in both classes, in the file's byte order.
  const unsigned machine =
      byte(EI_DATA) == ELFDATA2MSB ? byte(18) << 8 | byte(19) : byte(19) << 8 | byte(18);
  return ElfKind{elf_class, machine};
}

std::optional<ElfKind> ElfKindOfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::byte header[20];
  if (!in.read(reinterpret_cast<char*>(header), sizeof header)) return std::nullopt;
  return ElfKindOf(header);
}

void VdsoImages::Prefetch(pid_t pid, std::uint64_t start, std::uint64_t length) {
  if (prefetched_.size() >= kMaxPrefetched) prefetched_.clear();
  const std::optional<std::size_t> image = Read(pid, start, length);
  prefetched_[{pid, start}] = image;
}

std::optional<std::size_t> VdsoImages::Read(pid_t pid, std::uint64_t start, std::uint64_t length) {
  if (const auto it = prefetched_.find({pid, start}); it != prefetched_.end()) {
    const std::optional<std::size_t> image = it->second;
    prefetched_.erase(it);
    return image;
  }
  if (length == 0 || length > kMaxImageBytes) return std::nullopt;
  const std::string dir = proc_ + "/" + std::to_string(pid);
  // The record may be older than the process's present: after another exec
  // the range holds something else, which must not be taken for a vDSO.
  if (!MapsVdsoAt(dir + "/maps", start, start + length)) return std::nullopt;
  std::vector<std::byte> bytes = ReadMemory(dir + "/mem", start, static_cast<std::size_t>(length));
  if (bytes.empty()) return std::nullopt;
  return Add(std::move(bytes));
}

std::optional<std::size_t> VdsoImages::OfKind(ElfKind kind) {
  if (!own_added_) {
    own_added_ = true;
    if (std::vector<std::byte> own = OwnImage(); !own.empty()) Add(std::move(own));
  }
  for (std::size_t i = 0; i < images_.size(); ++i)
    if (images_[i].kind == kind) return i;
  return std::nullopt;
}

std::optional<std::size_t> VdsoImages::Add(std::vector<std::byte> bytes) {
  for (std::size_t i = 0; i < images_.size(); ++i)
    if (images_[i].bytes == bytes) return i;
  const std::optional<ElfKind> kind = ElfKindOf(bytes);
  if (!kind) return std::nullopt;
  std::unique_ptr<ElfSymbols> symbols = ElfSymbols::FromImage("[vdso]", bytes);
  images_.push_back({*kind, std::move(bytes), std::move(symbols)});
  return images_.size() - 1;
}

}  // namespace timeit::symbols
