#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platforms/system_roots.h"

namespace timeit::platforms {

/// The largest CPU number a list may name: above any kernel's NR_CPUS (at
/// most 8192), and low enough that a typo's "0-2000000000" cannot fill
/// memory.
inline constexpr int kMaxCpuNumber = 65535;

/// The one parser of a CPU list, in the kernel's "cpulist" format
/// (<sys>/devices/system/cpu/online, cpuset.cpus; the kernel writes it with
/// bitmap_print_to_pagebuf): decimal CPU numbers and ranges "a-b" with
/// a <= b, separated by commas, "0-3,8,10-11", ending in at most one line
/// end. The CPUs in the order listed. nullopt for anything else: an empty
/// list or item ("0,", "0,,1"), a blank, a sign, a range backwards, a number
/// above kMaxCpuNumber. A caller that needs another error behaviour (the
/// run mode's --cpus throws a usage error and takes fewer CPUs) wraps it.
std::optional<std::vector<int>> ParseCpuList(std::string_view text);

/// The online CPUs under `roots`.
struct OnlineCpus {
  /// <sys>/devices/system/cpu/online as the kernel lists it ("0-7"),
  /// trimmed; empty when it cannot be read (the cpus_online condition).
  std::string text;
  /// `text` parsed; when it cannot be read or parsed, CPU 0..n-1 of
  /// sysconf(_SC_NPROCESSORS_ONLN), at least CPU 0: per-CPU events always
  /// have a CPU to open on.
  std::vector<int> cpus;
};

/// The one reader of the online CPU list: every per-CPU event, the
/// conditions and the Machine start here.
OnlineCpus ReadOnlineCpus(const SystemRoots& roots);

}  // namespace timeit::platforms
