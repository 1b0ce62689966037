#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// elfutils' handles, declared as libdwfl.h does (only elf_symbols.cc includes it).
struct Dwfl;
struct Dwfl_Module;

namespace timeit::symbols {

/// The function symbols of one ELF file on disk (an executable, PIE or not,
/// a shared library) or image in memory (a vDSO), found with elfutils'
/// libdwfl: its .symtab, else its .dynsym, and a separate debug file where
/// /usr/lib/debug/.build-id has one (Debian's -dbgsym packages). debuginfod
/// is never asked: a lookup does not reach the network. The functions are
/// read once into a sorted table, so a lookup is a binary search.
class ElfSymbols {
 public:
  /// Opens `path`; nullptr when it cannot be read or is not ELF.
  static std::unique_ptr<ElfSymbols> Open(const std::string& path);
  /// An ELF image in memory, kept by the table (a process's vDSO, which is
  /// no file): `name` is what libdwfl calls it. nullptr when it is not ELF.
  static std::unique_ptr<ElfSymbols> FromImage(const std::string& name,
                                               std::vector<std::byte> image);
  ~ElfSymbols();
  ElfSymbols(const ElfSymbols&) = delete;
  ElfSymbols& operator=(const ElfSymbols&) = delete;

  /// The function at `file_offset`, an offset into the file as a mapping
  /// shows it (the sampled address - the mapping's start + its offset),
  /// demangled; nullopt when no loaded segment or no symbol covers it.
  std::optional<std::string> FunctionAt(std::uint64_t file_offset) const;

 private:
  struct Segment {
    std::uint64_t offset, size, vaddr;
  };
  /// A function symbol, at its address in libdwfl's address space.
  struct Symbol {
    std::uint64_t address, size;
    const char* name;  ///< libdwfl's, alive as long as dwfl_
    int rank;          ///< of an alias at the same address: lower wins (global, weak, local)
  };
  /// The loaded segments and the symbols of the module just reported;
  /// false when it is none.
  bool Load();
  void ReadSymbols();
  ElfSymbols() = default;
  std::vector<std::byte> image_;  ///< FromImage's bytes, which libelf reads in place
  ::Dwfl* dwfl_ = nullptr;
  ::Dwfl_Module* module_ = nullptr;
  std::uint64_t bias_ = 0;
  std::vector<Segment> loads_;
  /// Sorted by address: dwfl_module_addrinfo searches the table linearly on
  /// every call (a quarter of a millisecond in cc1), this once per file.
  std::vector<Symbol> symbols_;
};

/// "_ZN3foo3barEv" -> "foo::bar()"; other names as they are.
std::string Demangle(const char* name);

}  // namespace timeit::symbols
