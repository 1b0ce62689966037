// A freshly booted machine has no tracefs mounted. These tests play one in a
// private mount namespace (unshare, as root): the machine's own mounts are
// never touched, and the result does not depend on whether something
// mounted tracefs before.
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "counters/tracefs.h"
#include "tests/counters/test_programs.h"

namespace timeit::counters {
namespace {

/// In a child: a mount namespace of its own without tracefs (nor debugfs),
/// then `check`, whose bits of failed expectations become the exit code.
/// 100: no namespace here (not root, or no unshare).
template <typename Check>
int InFreshNamespace(Check check) {
  const pid_t pid = fork();
  if (pid == 0) {
    alarm(60);
    if (unshare(CLONE_NEWNS) != 0 ||
        mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
      _exit(100);
    }
    umount2("/sys/kernel/debug/tracing", MNT_DETACH);
    umount2("/sys/kernel/debug", MNT_DETACH);
    umount2("/sys/kernel/tracing", MNT_DETACH);
    unsetenv("TIMEIT_TRACEFS");
    _exit(check());
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return 255;
  return WEXITSTATUS(status);
}

TEST(TracefsMountTest, MountsItAsPerfDoesWhenAllowed) {
  const int code = InFreshNamespace([] {
    int failures = 0;
    const TracefsState before =
        FindOrMountTracefs(/*may_mount=*/false, platforms::SystemRootsFromEnvironment());
    if (!before.root.empty()) failures |= 1;  // the namespace still has one
    if (before.reason.find("mount -t tracefs") == std::string::npos) failures |= 2;
    const TracefsState after = FindOrMountTracefs(true, platforms::SystemRootsFromEnvironment());
    if (after.root != "/sys/kernel/tracing") failures |= 4;
    if (after.mounted != "tracefs on /sys/kernel/tracing") failures |= 8;
    if (!ReadTracepointId("raw_syscalls:sys_enter", {after.root}).found) failures |= 16;
    // Now it is there: found, not mounted again.
    if (!FindOrMountTracefs(true, platforms::SystemRootsFromEnvironment()).mounted.empty())
      failures |= 32;
    return failures;
  });
  if (code == 100) GTEST_SKIP() << "no private mount namespace here (needs root)";
  EXPECT_EQ(code, 0) << "bits: 1 not unmounted, 2 no fix in the reason, 4 wrong root, "
                        "8 not said to be mounted, 16 no raw_syscalls id, 32 mounted twice";
}

TEST(TracefsMountTest, AUserWhoMayNotMountGetsTheReasonAndTheFix) {
  const int code = InFreshNamespace([] {
    if (setgid(kNobody) != 0 || setuid(kNobody) != 0) return 100;
    int failures = 0;
    const TracefsState state = FindOrMountTracefs(true, platforms::SystemRootsFromEnvironment());
    if (!state.root.empty()) failures |= 1;
    if (state.error != EPERM) failures |= 2;
    if (state.reason.find("needs root or CAP_SYS_ADMIN") == std::string::npos) failures |= 4;
    return failures;
  });
  if (code == 100) GTEST_SKIP() << "no private mount namespace here (needs root)";
  EXPECT_EQ(code, 0) << "bits: 1 found one, 2 not EPERM, 4 reason without cause and fix";
}

TEST(TracefsMountTest, TimeitTracefsNamesTheOnlyPlaceLookedAt) {
  ::setenv("TIMEIT_TRACEFS", "/nonexistent", 1);
  const TracefsState state = FindOrMountTracefs(true, platforms::SystemRootsFromEnvironment());
  ::unsetenv("TIMEIT_TRACEFS");
  EXPECT_TRUE(state.root.empty());
  EXPECT_TRUE(state.mounted.empty());
  EXPECT_NE(state.reason.find("/nonexistent"), std::string::npos) << state.reason;
}

}  // namespace
}  // namespace timeit::counters
