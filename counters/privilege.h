#pragma once

#include <optional>
#include <string>

namespace timeit::counters {

/// /proc/sys/kernel/perf_event_paranoid, or nullopt when unreadable.
std::optional<int> ReadPerfEventParanoid();

/// Whether this process may count kernel mode, decided by the kernel: a
/// task-clock counter with exclude_kernel=0 is opened on ourselves. Where
/// perf_event_paranoid >= 2 and we lack CAP_PERFMON that fails with EACCES.
struct KernelCounting {
  bool allowed = true;
  std::string note;  ///< when !allowed: what happened and the sysctl to change
};
KernelCounting ProbeKernelCounting();

}  // namespace timeit::counters
