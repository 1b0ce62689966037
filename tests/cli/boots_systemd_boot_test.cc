// timeit boots start --via systemd-boot refuses what it cannot arm in one
// line and exit status 2, before it writes anything. The entries are those
// Debian's own bootctl 252 lists of an ESP made here (SYSTEMD_ESP_PATH):
// the one scripts/test-system.sh unpacks into its cache for the system
// tests; without it those tests skip. The machine's facts come from a /sys
// of the test's (TIMEIT_SYS_ROOT), which has efivars or not.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "tests/cli/run_timeit.h"
#include "tests/cli/scoped_env.h"

namespace timeit::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kList = "'bootctl --no-pager list --json=short'";

/// Where scripts/test-system.sh unpacks the package systemd-boot (its CACHE).
fs::path CachedBootctl() {
  const auto env = [](const char* name) -> std::string {
    const char* v = ::getenv(name);
    return v != nullptr ? v : "";
  };
  fs::path cache = env("TIMEIT_SYSTEM_CACHE");
  if (cache.empty())
    cache =
        fs::path(env("XDG_CACHE_HOME").empty() ? env("HOME") + "/.cache" : env("XDG_CACHE_HOME")) /
        "timeit/system";
  return cache / "systemd-boot/usr/bin/bootctl";
}

class BootsSystemdBootTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // The root check comes first in start: as another user every case
    // would be that refusal.
    if (::geteuid() != 0) GTEST_SKIP() << "--via systemd-boot is root's";
    fs::create_directories(esp_ / "loader/entries");
    fs::create_directories(bin_);
    fs::create_directories(sys_ / "firmware/efi/efivars");
    for (const char* kernel : {"vmlinuz-6.1.0-a", "vmlinuz-6.1.0-b", "vmlinuz-6.1.0-c"})
      dir_.Write("esp/" + std::string(kernel), "not a kernel");
    // a's entry is kernel-install's (found by version), b's names its file,
    // c's neither: only entry= finds it.
    Entry("timeit-test-1", "6.1.0-b", "/vmlinuz-6.1.0-b");
    Entry("timeit-test-2", "6.1.0-a", "/6.1.0-a/linux");
    Entry("timeit-test-3", "6.1.0-c-custom", "/custom/c.efi");
    // If a refusal regressed, start would arm and reboot: these stand in
    // for the reboot, fail, and leave a trace.
    for (const char* tool : {"reboot", "systemctl"}) {
      const fs::path guard =
          dir_.Write("bin/" + std::string(tool),
                     "#!/bin/sh\necho \"$0 $*\" >> " + armed_.string() + "\nexit 1\n");
      fs::permissions(guard, fs::perms::owner_all);
    }
    const fs::path bootctl = CachedBootctl();
    // It runs only beside Debian 12's systemd (its libsystemd-shared-252.so).
    bootctl_runs_ = RunProcess({bootctl.string(), "--version"}).exit_status == 0;
    if (bootctl_runs_) fs::create_symlink(bootctl, bin_ / "bootctl");
    no_bootctl_ = "Debian's bootctl 252 does not run from " + bootctl.string() +
                  ": scripts/test-system.sh --fetch-only unpacks it there (package "
                  "systemd-boot; $TIMEIT_SYSTEM_CACHE moves the cache)";
  }

  void Entry(const std::string& id, const std::string& version, const std::string& linux) {
    fs::create_directories((esp_ / linux.substr(1)).parent_path());
    dir_.Write("esp" + linux, "not a kernel");
    dir_.Write("esp/loader/entries/" + id + ".conf",
               "title " + id + "\nversion " + version + "\nlinux " + linux + "\n");
  }

  /// start with `configs` (NAME:kernel=FILE in the ESP[,more]).
  ProcessResult Start(const std::vector<std::string>& configs, bool dry_run = false) const {
    std::vector<std::string> args = {"boots", "start",   "--via", "systemd-boot", "--hook",
                                     "none",  "--boots", "1",     "--state-dir",  state_.string()};
    if (dry_run) args.push_back("--dry-run");
    for (const std::string& c : configs) {
      const auto colon = c.find(':');
      args.push_back("--config");
      args.push_back(c.substr(0, colon + 1) + "kernel=" + (esp_ / c.substr(colon + 1)).string());
    }
    args.insert(args.end(), {"-n", "1", "-o", csv_.string(), "--", "/bin/true"});
    return RunTimeit(args);
  }

  /// Refused in one line, with nothing written or run.
  void ExpectRefused(const ProcessResult& r, const std::string& why) const {
    EXPECT_EQ(r.exit_status, 2) << r.err;
    EXPECT_EQ(r.err, "timeit: " + why + "\n");
    EXPECT_FALSE(fs::exists(state_ / "state.json"));
    EXPECT_FALSE(fs::exists(state_)) << "not even the state's folder";
    EXPECT_FALSE(fs::exists(armed_)) << "nothing armed";
    EXPECT_FALSE(fs::exists(csv_));
  }

  TempDir dir_;
  const fs::path esp_ = dir_.path() / "esp", bin_ = dir_.path() / "bin", sys_ = dir_.path() / "sys",
                 state_ = dir_.path() / "state", armed_ = dir_.path() / "armed",
                 csv_ = dir_.path() / "exp.csv";
  bool bootctl_runs_ = false;
  std::string no_bootctl_;
  // bin_ alone on PATH: no bootctl but the one the test puts there.
  ScopedEnv path_{"PATH", bin_.string()};
  ScopedEnv sys_root_{"TIMEIT_SYS_ROOT", sys_.string()};
  ScopedEnv cmdline_{"TIMEIT_KERNEL_CMDLINE", "root=/dev/vda ro"};
  // bootctl reads this ESP, not the machine's (nor its /boot as XBOOTLDR);
  // relaxed: a folder of /tmp is no FAT partition.
  ScopedEnv esp_path_{"SYSTEMD_ESP_PATH", esp_.string()};
  ScopedEnv xbootldr_path_{"SYSTEMD_XBOOTLDR_PATH", esp_.string()};
  ScopedEnv relax_{"SYSTEMD_RELAX_ESP_CHECKS", "1"};
};

TEST_F(BootsSystemdBootTest, NoBootctlOnPathIsRefused) {
  fs::remove(bin_ / "bootctl");
  ExpectRefused(Start({"a:vmlinuz-6.1.0-a", "b:vmlinuz-6.1.0-b"}),
                "--via systemd-boot: bootctl is not on PATH (Debian's systemd-boot)");
}

TEST_F(BootsSystemdBootTest, CmdlineAddIsRefused) {
  if (!bootctl_runs_) GTEST_SKIP() << no_bootctl_;
  ExpectRefused(Start({"a:vmlinuz-6.1.0-a", "b:vmlinuz-6.1.0-b,cmdline+=mitigations=off"}),
                "--via systemd-boot: --config b adds to the command line, which bootctl "
                "set-oneshot cannot: use --via kexec, or an entry of its own");
}

// As on a BIOS machine there is no ESP either: the refusal says why, not
// what bootctl's listing lacks.
TEST_F(BootsSystemdBootTest, AMachineWithoutEfivarsIsRefused) {
  if (!bootctl_runs_) GTEST_SKIP() << no_bootctl_;
  fs::remove(sys_ / "firmware/efi/efivars");
  ScopedEnv no_esp("SYSTEMD_ESP_PATH", (dir_.path() / "no-esp").string());
  ExpectRefused(Start({"a:vmlinuz-6.1.0-a", "b:vmlinuz-6.1.0-b"}),
                "--via systemd-boot: this machine did not boot through UEFI (no " +
                    (sys_ / "firmware/efi/efivars").string() +
                    "), so no one-shot entry can be set: use --via grub or kexec");
}

// c's entry boots /custom/c.efi of version 6.1.0-c-custom: neither its
// kernel's file name nor its release.
TEST_F(BootsSystemdBootTest, AKernelWithoutAnEntryIsRefused) {
  if (!bootctl_runs_) GTEST_SKIP() << no_bootctl_;
  ExpectRefused(Start({"a:vmlinuz-6.1.0-a", "c:vmlinuz-6.1.0-c"}),
                std::string("--via systemd-boot: no entry in ") + kList + " boots " +
                    (esp_ / "vmlinuz-6.1.0-c").string() +
                    " (of release 6.1.0-c): add one (kernel-install add), or name it with "
                    "--config c:...,entry=ID");
}

// The ids the refusal offers are those bootctl itself lists, in its order.
TEST_F(BootsSystemdBootTest, ANamedEntryBootctlDoesNotListIsRefused) {
  if (!bootctl_runs_) GTEST_SKIP() << no_bootctl_;
  const ProcessResult list = RunProcess({"bootctl", "--no-pager", "list", "--json=short"});
  ASSERT_EQ(list.exit_status, 0) << list.err;
  std::string ids;
  const std::regex id("\"id\":\"([^\"]+)\"");
  for (auto m = std::sregex_iterator(list.out.begin(), list.out.end(), id);
       m != std::sregex_iterator(); ++m)
    ids += (ids.empty() ? "" : ", ") + (*m)[1].str();
  EXPECT_NE(ids.find("timeit-test-3.conf"), std::string::npos) << list.out;
  ExpectRefused(Start({"a:vmlinuz-6.1.0-a", "c:vmlinuz-6.1.0-c,entry=timeit-test-9.conf"}),
                std::string("--via systemd-boot: --config c names entry timeit-test-9.conf, "
                            "which ") +
                    kList + " does not list (it lists " + ids +
                    "): systemd-boot would boot its default entry instead");
}

// A listing that fails is refused with bootctl's own first line.
TEST_F(BootsSystemdBootTest, AFailedListingIsRefusedWithBootctlsWords) {
  if (!bootctl_runs_) GTEST_SKIP() << no_bootctl_;
  ScopedEnv gone("SYSTEMD_ESP_PATH", (dir_.path() / "no-esp").string());
  const ProcessResult list = RunProcess({"bootctl", "--no-pager", "list", "--json=short"});
  ASSERT_NE(list.exit_status, 0);
  const std::string said = list.err.substr(0, list.err.find('\n'));
  ASSERT_FALSE(said.empty());
  ExpectRefused(Start({"a:vmlinuz-6.1.0-a", "b:vmlinuz-6.1.0-b"}),
                std::string("--via systemd-boot: ") + kList + " failed: " + said);
}

// Each configuration's entry, as bootctl set-oneshot is given it: a's by
// its version, b's by its file, c's as named.
TEST_F(BootsSystemdBootTest, DryRunArmsTheEntryOfEachKernel) {
  if (!bootctl_runs_) GTEST_SKIP() << no_bootctl_;
  const ProcessResult r = Start(
      {"a:vmlinuz-6.1.0-a", "b:vmlinuz-6.1.0-b", "c:vmlinuz-6.1.0-c,entry=timeit-test-3.conf"},
      /*dry_run=*/true);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string reboot =
      fs::is_directory("/run/systemd/system") ? "systemctl reboot" : "reboot";
  for (const auto& [release, id] :
       std::vector<std::pair<std::string, std::string>>{{"6.1.0-a", "timeit-test-2.conf"},
                                                        {"6.1.0-b", "timeit-test-1.conf"},
                                                        {"6.1.0-c", "timeit-test-3.conf"}})
    EXPECT_NE(r.out.find(" (" + release +
                         "), command line: root=/dev/vda ro\n  $ bootctl "
                         "set-oneshot " +
                         id + "\n  $ " + reboot + "\n"),
              std::string::npos)
        << r.out;
  EXPECT_EQ(Occurrences(r.out, "bootctl set-oneshot"), 3) << r.out;
  EXPECT_FALSE(fs::exists(state_)) << "a dry run changes nothing";
  EXPECT_FALSE(fs::exists(armed_));
}

}  // namespace
}  // namespace timeit::testing
