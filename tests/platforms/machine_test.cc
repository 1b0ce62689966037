#include "platforms/machine.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace timeit::platforms {
namespace {

/// What uname(1), the peer, prints for `flag`, without the line end.
std::string Uname(const char* flag) {
  const std::string command = std::string("uname ") + flag;
  std::FILE* p = ::popen(command.c_str(), "r");
  if (p == nullptr) return "(popen failed)";
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  ::pclose(p);
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

TEST(MachineTest, MatchesTheUnameCommand) {
  const MachineIdentity id = ReadMachineIdentity();
  EXPECT_EQ(id.host, Uname("-n"));
  EXPECT_EQ(id.kernel_release, Uname("-r"));
  EXPECT_EQ(id.kernel_version, Uname("-v"));
  const std::string peer_arch = Uname("-m");
#if defined(TIMEIT_UNDER_EMULATOR)
  // Under qemu-user (the arm64 suite on an amd64 host; the i386 one where the
  // kernel has no IA-32 emulation) uname(1) is the host's program while this
  // one sees the emulated machine: the peer cannot speak.
#if defined(__aarch64__)
  EXPECT_EQ(id.arch, "aarch64") << "uname(1) here is a host program: " << peer_arch;
#elif defined(__i386__)
  EXPECT_EQ(id.arch, "i686") << "uname(1) here is a host program: " << peer_arch;
#endif
#else
  EXPECT_EQ(id.arch, peer_arch);
#endif
}

}  // namespace
}  // namespace timeit::platforms
