#include "counters/kernel_symbols.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <string>

namespace timeit::symbols {
namespace {

constexpr std::string_view kKallsyms =
    "ffffffff81000000 T _stext\n"
    "ffffffff81001000 T do_syscall_64\n"
    "ffffffff81001400 t syscall_exit_work\n"
    "ffffffff81002000 D some_data\n"
    "ffffffff81003000 T entry_SYSCALL_64\n"
    "ffffffffc0a00000 t ext4_fill_super\t[ext4]\n"
    "ffffffffc0a00800 t ext4_iget\t[ext4]\n";

TEST(KernelSymbolsTest, TheFunctionHoldingAnAddress) {
  const KernelSymbols k = KernelSymbols::Parse(kKallsyms);
  EXPECT_FALSE(k.hidden());
  EXPECT_EQ(k.Lookup(0xffffffff81001000).name, "do_syscall_64");
  EXPECT_EQ(k.Lookup(0xffffffff810013ff).name, "do_syscall_64");
  EXPECT_EQ(k.Lookup(0xffffffff81001400).name, "syscall_exit_work");
  EXPECT_EQ(k.Lookup(0xffffffff81001400).object, "[kernel.kallsyms]");
  // Data symbols are no functions: the text symbol before them holds the address.
  EXPECT_EQ(k.Lookup(0xffffffff81002010).name, "syscall_exit_work");
  EXPECT_EQ(k.Lookup(0xffffffffc0a00900).name, "ext4_iget");
  EXPECT_EQ(k.Lookup(0xffffffffc0a00900).object, "[ext4]");
  EXPECT_TRUE(k.Lookup(0x1000).name.empty());
}

// kptr_restrict (or reading kallsyms without CAP_SYSLOG) shows every address as 0.
TEST(KernelSymbolsTest, AllZeroAddressesAreHidden) {
  const KernelSymbols k =
      KernelSymbols::Parse("0000000000000000 T _stext\n0000000000000000 T do_syscall_64\n");
  EXPECT_TRUE(k.hidden());
  EXPECT_TRUE(k.Lookup(0xffffffff81001000).name.empty());
  EXPECT_TRUE(KernelSymbols::Load("/nonexistent/kallsyms").hidden());
}

// This machine's own kallsyms, where it can be read: do_syscall_64 (x86-64)
// or invoke_syscall (arm64) is where a system call goes.
TEST(KernelSymbolsTest, ThisMachinesKallsyms) {
  const KernelSymbols k = KernelSymbols::Load("/proc/kallsyms");
  if (k.hidden()) GTEST_SKIP() << "kernel addresses are hidden from this user";
  std::ifstream in("/proc/kallsyms");
  std::string address, type, name;
  bool checked = false;
  while (in >> address >> type >> name) {
    if (name != "do_syscall_64" && name != "invoke_syscall") continue;
    const std::uint64_t a = std::stoull(address, nullptr, 16);
    EXPECT_EQ(k.Lookup(a + 1).name, name);
    checked = true;
    break;
  }
  EXPECT_TRUE(checked);
}

}  // namespace
}  // namespace timeit::symbols
