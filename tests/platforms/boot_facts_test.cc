// The running boot's facts, as `timeit boots resume` reads them: the kernel's
// files, or a test's stand-ins for another boot.
#include "platforms/boot_facts.h"

#include <gtest/gtest.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "platforms/conditions.h"
#include "tests/test_paths.h"

namespace timeit::platforms {
namespace {

SystemRoots Laptop() {
  const std::string dir = std::string(TIMEIT_TEST_DATA_DIR) + "/data/machines/laptop-intel-pstate";
  return OtherMachineRoots(dir + "/proc", dir + "/sys");
}

TEST(BootFactsTest, ReadFromTheTreesAndUname) {
  const BootFacts f = ReadBootFacts(Laptop());
  EXPECT_EQ(f.boot_id, "7c0a7e0e-2f4b-4d59-8f3e-1b6a9d2c4e81");
  // BOOT_IMAGE= is left out, as in the cmdline column.
  EXPECT_EQ(f.cmdline,
            "root=UUID=3f1c2a8e-5b7d-4e0a-9c61-2d8f0b7e4a13 ro quiet splash vt.handoff=7");
  struct utsname u {};
  ASSERT_EQ(::uname(&u), 0);
  EXPECT_EQ(f.release, u.release);
}

TEST(BootFactsTest, OverridesPlayAnotherBootAndReachTheConditions) {
  SystemRoots roots = Laptop();
  roots.boot_id = "boot-2";
  roots.kernel_release = "6.1.0-b";
  roots.kernel_cmdline = "BOOT_IMAGE=/vmlinuz-6.1.0-b root=/dev/vda ro mitigations=off\n";
  const BootFacts f = ReadBootFacts(roots);
  EXPECT_EQ(f.boot_id, "boot-2");
  EXPECT_EQ(f.release, "6.1.0-b");
  EXPECT_EQ(f.cmdline, "root=/dev/vda ro mitigations=off");
  const Conditions c = ReadConditions(roots);
  EXPECT_EQ(c.boot_id, "boot-2");
  EXPECT_EQ(c.cmdline, "root=/dev/vda ro mitigations=off");
  EXPECT_EQ(c.boot_method, "") << "only timeit boots knows how a boot happened";
}

// systemd-boot's LoaderEntrySelected as efivarfs shows it: the variable's
// attributes (4 bytes: boot-service and runtime access), then the entry's
// id in UTF-16LE with its NUL.
TEST(BootFactsTest, TheEntrySystemdBootSelected) {
  char dir_template[] = "/tmp/timeit-efivars.XXXXXX";
  ASSERT_NE(::mkdtemp(dir_template), nullptr);
  const std::filesystem::path sys(dir_template);
  EXPECT_EQ(ReadBootFacts(OtherMachineRoots("/nonexistent", sys)).loader_entry, "")
      << "no UEFI, no systemd-boot";
  const std::filesystem::path vars = sys / "firmware" / "efi" / "efivars";
  std::filesystem::create_directories(vars);
  const std::string id = "debian-6.1.0-18-amd64.conf";
  std::string bytes("\x06\0\0\0", 4);
  for (const char c : id) bytes += std::string{c, '\0'};
  bytes += std::string(2, '\0');
  std::ofstream(vars / "LoaderEntrySelected-4a67b082-0a4c-41cf-b6c7-440b29bb8c4f", std::ios::binary)
      << bytes;
  EXPECT_EQ(ReadBootFacts(OtherMachineRoots("/nonexistent", sys)).loader_entry, id);
  std::filesystem::remove_all(sys);
}

TEST(BootFactsTest, TheEnvironmentNamesTheOverrides) {
  ::setenv("TIMEIT_BOOT_ID", "from-env", 1);
  ::setenv("TIMEIT_KERNEL_RELEASE", "9.9.9-test", 1);
  const SystemRoots roots = SystemRootsFromEnvironment();
  ::unsetenv("TIMEIT_BOOT_ID");
  ::unsetenv("TIMEIT_KERNEL_RELEASE");
  EXPECT_EQ(roots.boot_id, "from-env");
  EXPECT_EQ(roots.kernel_release, "9.9.9-test");
  EXPECT_TRUE(roots.kernel_cmdline.empty());
  EXPECT_FALSE(roots.from_environment) << "another boot, not another machine: counters still probe";
}

}  // namespace
}  // namespace timeit::platforms
