// The i386 and amd64 builds write the same CSV and compare the same: a
// series recorded by one is appended to and compared by the other, and both
// print the same bytes for the same files. Runs wherever the other x86 build
// sits beside this one (build/ and build-i386/: scripts/test-i386.sh runs
// after scripts/test.sh, so there it always does).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

/// 32 or 64 from the ELF header's class byte, 0 when not an ELF file.
int ElfBits(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char ident[5] = {};
  if (!in.read(ident, sizeof ident) || std::string(ident, 4) !=
                                           "\x7f"
                                           "ELF")
    return 0;
  return ident[4] == 1 ? 32 : ident[4] == 2 ? 64 : 0;
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST(CrossBuildTest, I386AndAmd64SeriesCompareAsOne) {
#ifndef TIMEIT_OTHER_X86_BINARY
  GTEST_SKIP() << "not an x86 build: there is no other word size to compare with";
#else
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "under qemu-user the i386 timeit cannot exec the i386 syscall_loop (no "
                  "binfmt_misc here): this kernel does not run i386 programs";
#endif
  const std::string other = TIMEIT_OTHER_X86_BINARY;
  const int ours_bits = static_cast<int>(sizeof(void*)) * 8;
  if (ElfBits(other) != 96 - ours_bits) {
    GTEST_SKIP() << "the " << 96 - ours_bits << "-bit build is not at " << other
                 << " (scripts/test.sh builds build/, scripts/test-i386.sh build-i386/)";
  }
  // An x86-64 kernel without IA-32 emulation refuses to exec an i386 program
  // (ENOEXEC, on which execvp hands the file to /bin/sh, which fails on it).
  if (const ProcessResult probe = RunProcess({other, "--version"}); probe.exit_status != 0) {
    GTEST_SKIP() << "this kernel does not run " << other << " (exit status "
                 << probe.exit_status << "; no IA-32 emulation?) " << probe.err;
  }
  TempDir dir;
  const std::string ours_csv = (dir.path() / "ours.csv").string();
  const std::string other_csv = (dir.path() / "other.csv").string();
  const std::vector<std::string> series = {"-n", "3", "-w", "0", "-q", "-e", "syscalls,task-clock"};
  auto with = [&](std::vector<std::string> args, const std::string& csv) {
    args.insert(args.begin(), series.begin(), series.end());
    args.insert(args.begin() + static_cast<long>(series.size()), {"-o", csv});
    return args;
  };
  const std::vector<std::string> command = {SYSCALL_LOOP_BINARY, "1000"};
  ProcessResult r = RunTimeit(with(command, ours_csv));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  std::vector<std::string> other_argv = with(command, other_csv);
  other_argv.insert(other_argv.begin(), other);
  r = RunProcess(other_argv);
  ASSERT_EQ(r.exit_status, 0) << other << ": " << r.err;

  // The same columns, in the same order. A build left from older sources
  // (its CSV lacks columns added since) cannot speak for this one: rebuild.
  if (FirstLine(ReadFile(ours_csv)) != FirstLine(ReadFile(other_csv))) {
    GTEST_SKIP() << other << " writes other columns, so it was built from other sources; "
                 << "rebuild it (scripts/test.sh, scripts/test-i386.sh)\nours:  "
                 << FirstLine(ReadFile(ours_csv)) << "\nother: " << FirstLine(ReadFile(other_csv));
  }

  // Each build compares both files, to the byte the same.
  const ProcessResult ours_compare = RunTimeit({"compare", ours_csv, other_csv});
  ASSERT_EQ(ours_compare.exit_status, 0) << ours_compare.err;
  const ProcessResult other_compare = RunProcess({other, "compare", ours_csv, other_csv});
  ASSERT_EQ(other_compare.exit_status, 0) << other_compare.err;
  EXPECT_EQ(ours_compare.out, other_compare.out);
  EXPECT_NE(ours_compare.out.find("syscalls"), std::string::npos) << ours_compare.out;

  // The other build continues this build's series: runs 4 to 6.
  other_argv = with(command, ours_csv);
  other_argv.insert(other_argv.begin(), other);
  r = RunProcess(other_argv);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string appended = ReadFile(ours_csv);
  int rows = 0;
  for (char c : appended) rows += c == '\n';
  EXPECT_EQ(rows, 1 + 6) << appended;
#endif
}

}  // namespace
}  // namespace timeit::testing
