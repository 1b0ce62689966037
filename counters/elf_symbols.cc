#include "counters/elf_symbols.h"

#include <cxxabi.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace timeit::symbols {
namespace {

/// find_debuginfo: the build id's file under /usr/lib/debug/.build-id, or
/// none. dwfl_standard_find_debuginfo would also ask debuginfod servers
/// (DEBUGINFOD_URLS is set on Debian), which a measurement must not wait for.
int FindDebugByBuildId(Dwfl_Module* module, void** /*userdata*/, const char* /*modname*/,
                       Dwarf_Addr /*base*/, const char* /*file_name*/,
                       const char* /*debuglink_file*/, GElf_Word /*debuglink_crc*/,
                       char** debuginfo_file_name) {
  const unsigned char* id = nullptr;
  GElf_Addr vaddr = 0;
  const int length = dwfl_module_build_id(module, &id, &vaddr);
  if (length < 2) return -1;
  std::string path = "/usr/lib/debug/.build-id/";
  char hex[3];
  for (int i = 0; i < length; ++i) {
    std::snprintf(hex, sizeof hex, "%02x", id[i]);
    path += hex;
    if (i == 0) path += '/';
  }
  path += ".debug";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) *debuginfo_file_name = ::strdup(path.c_str());
  return fd;
}

const Dwfl_Callbacks kCallbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = FindDebugByBuildId,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = nullptr,
};

}  // namespace

std::string Demangle(const char* name) {
  if (name[0] != '_' || name[1] != 'Z') return name;
  int status = 0;
  char* demangled = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  if (status != 0 || demangled == nullptr) return name;
  std::string text(demangled);
  std::free(demangled);
  return text;
}

std::unique_ptr<ElfSymbols> ElfSymbols::Open(const std::string& path) {
  std::unique_ptr<ElfSymbols> s(new ElfSymbols());
  s->dwfl_ = dwfl_begin(&kCallbacks);
  if (s->dwfl_ == nullptr) return nullptr;
  dwfl_report_begin(s->dwfl_);
  s->module_ = dwfl_report_elf(s->dwfl_, path.c_str(), path.c_str(), -1, 0, false);
  dwfl_report_end(s->dwfl_, nullptr, nullptr);
  if (!s->Load()) return nullptr;
  return s;
}

std::unique_ptr<ElfSymbols> ElfSymbols::FromImage(const std::string& name,
                                                  std::vector<std::byte> image) {
  std::unique_ptr<ElfSymbols> s(new ElfSymbols());
  s->image_ = std::move(image);
  s->dwfl_ = dwfl_begin(&kCallbacks);
  if (s->dwfl_ == nullptr) return nullptr;
  dwfl_report_begin(s->dwfl_);
  // elfutils 0.188 on (Debian 12): libelf reads the bytes where they are.
  s->module_ =
      dwfl_report_offline_memory(s->dwfl_, name.c_str(), name.c_str(),
                                 reinterpret_cast<char*>(s->image_.data()), s->image_.size());
  dwfl_report_end(s->dwfl_, nullptr, nullptr);
  if (!s->Load()) return nullptr;
  return s;
}

bool ElfSymbols::Load() {
  if (module_ == nullptr) return false;
  GElf_Addr bias = 0;
  Elf* elf = dwfl_module_getelf(module_, &bias);
  if (elf == nullptr) return false;
  bias_ = bias;
  std::size_t count = 0;
  if (elf_getphdrnum(elf, &count) != 0) return false;
  for (std::size_t i = 0; i < count; ++i) {
    GElf_Phdr phdr;
    if (gelf_getphdr(elf, static_cast<int>(i), &phdr) == nullptr || phdr.p_type != PT_LOAD)
      continue;
    loads_.push_back({phdr.p_offset, phdr.p_filesz, phdr.p_vaddr});
  }
  ReadSymbols();
  return true;
}

void ElfSymbols::ReadSymbols() {
  const int count = dwfl_module_getsymtab(module_);
  for (int i = 1; i < count; ++i) {
    GElf_Sym sym;
    GElf_Addr address = 0;
    GElf_Word shndx = 0;
    const char* name =
        dwfl_module_getsym_info(module_, i, &sym, &address, &shndx, nullptr, nullptr);
    const int type = GELF_ST_TYPE(sym.st_info);
    if (name == nullptr || name[0] == '\0' || sym.st_shndx == SHN_UNDEF ||
        (type != STT_FUNC && type != STT_GNU_IFUNC))
      continue;
    const int bind = GELF_ST_BIND(sym.st_info);
    const int rank = bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 2;
    symbols_.push_back({address, sym.st_size, name, rank});
  }
  // Aliases at one address: the global name first, then the shorter.
  std::sort(symbols_.begin(), symbols_.end(), [](const Symbol& a, const Symbol& b) {
    if (a.address != b.address) return a.address < b.address;
    if (a.rank != b.rank) return a.rank < b.rank;
    return std::strlen(a.name) < std::strlen(b.name);
  });
  symbols_.erase(
      std::unique(symbols_.begin(), symbols_.end(),
                  [](const Symbol& a, const Symbol& b) { return a.address == b.address; }),
      symbols_.end());
}

ElfSymbols::~ElfSymbols() {
  if (dwfl_ != nullptr) dwfl_end(dwfl_);
}

std::optional<std::string> ElfSymbols::FunctionAt(std::uint64_t file_offset) const {
  for (const Segment& load : loads_) {
    if (file_offset < load.offset || file_offset >= load.offset + load.size) continue;
    const std::uint64_t address = file_offset - load.offset + load.vaddr + bias_;
    auto it = std::upper_bound(symbols_.begin(), symbols_.end(), address,
                               [](std::uint64_t a, const Symbol& sym) { return a < sym.address; });
    if (it == symbols_.begin()) return std::nullopt;
    --it;
    // Past the end of a sized symbol (a PLT stub, padding) is no function of its.
    if (it->size != 0 && address >= it->address + it->size) return std::nullopt;
    const char* name = it->name;
    return Demangle(name);
  }
  return std::nullopt;
}

}  // namespace timeit::symbols
