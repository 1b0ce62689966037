#include "counters/elf_symbols.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

extern "C" __attribute__((noinline, used)) int timeit_elf_symbols_probe(int x) { return x * 3 + 1; }

namespace timeit::symbols {
namespace {

/// The file and file offset /proc/self/maps shows for `address`.
bool FileOffsetOf(const void* address, std::string& file, std::uint64_t& offset) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  while (std::getline(maps, line)) {
    std::istringstream in(line);
    std::string range, perms, off, dev, inode, path;
    in >> range >> perms >> off >> dev >> inode >> path;
    const std::size_t dash = range.find('-');
    const std::uint64_t start = std::stoull(range.substr(0, dash), nullptr, 16);
    const std::uint64_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
    if (a < start || a >= end) continue;
    file = path;
    offset = a - start + std::stoull(off, nullptr, 16);
    return true;
  }
  return false;
}

// This test's own executable (PIE, as Debian builds by default) and a
// function in it: what the profiler meets for a sampled user address.
TEST(ElfSymbolsTest, AFunctionOfThisExecutable) {
  std::string file;
  std::uint64_t offset = 0;
  const void* f = reinterpret_cast<const void*>(&timeit_elf_symbols_probe);
  ASSERT_TRUE(FileOffsetOf(static_cast<const char*>(f) + 4, file, offset));
  const std::unique_ptr<ElfSymbols> elf = ElfSymbols::Open(file);
  ASSERT_NE(elf, nullptr) << file;
  EXPECT_EQ(elf->FunctionAt(offset), "timeit_elf_symbols_probe");
}

// A function of a shared library: libc's getpid through dlsym.
TEST(ElfSymbolsTest, AFunctionOfASharedLibrary) {
  void* getpid_address = dlsym(RTLD_DEFAULT, "getpid");
  ASSERT_NE(getpid_address, nullptr);
  std::string file;
  std::uint64_t offset = 0;
  ASSERT_TRUE(FileOffsetOf(getpid_address, file, offset));
  const std::unique_ptr<ElfSymbols> elf = ElfSymbols::Open(file);
  ASSERT_NE(elf, nullptr) << file;
  const std::optional<std::string> name = elf->FunctionAt(offset);
  ASSERT_TRUE(name.has_value());
  EXPECT_NE(name->find("getpid"), std::string::npos) << *name;
}

// An image in memory (how a process's vDSO comes, which is no file) reads
// as the same file on disk does: this executable's bytes, copied.
TEST(ElfSymbolsTest, AnImageInMemoryReadsAsItsFile) {
  std::string file;
  std::uint64_t offset = 0;
  const void* f = reinterpret_cast<const void*>(&timeit_elf_symbols_probe);
  ASSERT_TRUE(FileOffsetOf(static_cast<const char*>(f) + 4, file, offset));
  std::ifstream in(file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> bytes(text.size());
  std::memcpy(bytes.data(), text.data(), text.size());
  const std::unique_ptr<ElfSymbols> image = ElfSymbols::FromImage("[test]", std::move(bytes));
  ASSERT_NE(image, nullptr);
  EXPECT_EQ(image->FunctionAt(offset), "timeit_elf_symbols_probe");
  EXPECT_EQ(image->FunctionAt(offset), ElfSymbols::Open(file)->FunctionAt(offset));
  EXPECT_EQ(ElfSymbols::FromImage("[test]", std::vector<std::byte>(64)), nullptr);
}

TEST(ElfSymbolsTest, WhatIsNotElfOrNotCodeIsNoFunction) {
  EXPECT_EQ(ElfSymbols::Open("/nonexistent"), nullptr);
  EXPECT_EQ(ElfSymbols::Open("/proc/self/status"), nullptr);
  std::string file;
  std::uint64_t offset = 0;
  ASSERT_TRUE(FileOffsetOf(reinterpret_cast<const void*>(&timeit_elf_symbols_probe), file, offset));
  EXPECT_EQ(ElfSymbols::Open(file)->FunctionAt(1ULL << 40), std::nullopt);
}

TEST(ElfSymbolsTest, DemanglesCxxNames) {
  EXPECT_EQ(Demangle("_ZN6timeit7symbols10ElfSymbolsD2Ev"),
            "timeit::symbols::ElfSymbols::~ElfSymbols()");
  EXPECT_EQ(Demangle("do_syscall_64"), "do_syscall_64");
  EXPECT_EQ(Demangle("_Znot_a_name"), "_Znot_a_name");
}

}  // namespace
}  // namespace timeit::symbols
