#pragma once

#include <optional>
#include <string>

namespace timeit::platforms {

/// Where every reader of this machine's facts looks: cpuinfo, the
/// conditions, the kernel's PMUs, perf_event_paranoid, tracefs. The defaults
/// are this machine's; tests (and `timeit check` on a copied tree) point them
/// at fixture trees of another machine's /proc and /sys. Every reader takes
/// one of these, so that `timeit events`, `timeit check` and the run mode
/// never disagree about one machine.
struct SystemRoots {
  std::string proc = "/proc";
  std::string sys = "/sys";
  /// True when proc or sys came from the environment, not this machine:
  /// then nothing is probed live (`timeit check`'s free counters).
  bool from_environment = false;
  /// A tracefs to use instead of finding or mounting one; empty: find it.
  std::string tracefs;
  /// A cpuinfo file to read instead of <proc>/cpuinfo; empty: that one.
  std::string cpuinfo;
  /// What this boot says it is, instead of the kernel's word: a test plays
  /// a reboot (`timeit boots resume`) without rebooting. Empty: the kernel's.
  std::string boot_id;         ///< instead of <proc>/sys/kernel/random/boot_id
  std::string kernel_release;  ///< instead of uname -r
  std::string kernel_cmdline;  ///< instead of <proc>/cmdline

  /// The cpuinfo file: `cpuinfo` when set, else <proc>/cpuinfo.
  std::string CpuInfoPath() const;
  /// The kernel's PMU directory: <sys>/bus/event_source/devices.
  std::string EventSourceDir() const;
};

/// Where cpuinfo is read from unless told otherwise, for help text: this
/// machine's file and its override ("/proc/cpuinfo (or $TIMEIT_CPUINFO)").
std::string CpuInfoDescription();

/// Another machine's trees, `proc` and `sys` (from_environment is set: they
/// are not this machine's, so nothing is probed live).
SystemRoots OtherMachineRoots(std::string proc, std::string sys);

/// $TIMEIT_PROC_ROOT, $TIMEIT_SYS_ROOT, $TIMEIT_TRACEFS and $TIMEIT_CPUINFO
/// when set and not empty, else this machine's. qemu-user (which shows the
/// host's cpuinfo) and tests feed another machine's cpuinfo through
/// $TIMEIT_CPUINFO; $TIMEIT_TRACEFS plays a machine without tracefs.
/// $TIMEIT_BOOT_ID, $TIMEIT_KERNEL_RELEASE and $TIMEIT_KERNEL_CMDLINE play
/// another boot (tests of `timeit boots`); they do not make the roots
/// another machine's.
SystemRoots SystemRootsFromEnvironment();

/// kernel.perf_event_paranoid under `roots`, or nullopt when unreadable.
std::optional<int> ReadPerfEventParanoid(const SystemRoots& roots);

}  // namespace timeit::platforms
