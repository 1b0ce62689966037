#pragma once

#include <string>

#include "platforms/system_roots.h"

namespace timeit::counters {

/// Whether this process may count kernel mode, decided by the kernel: a
/// task-clock counter with exclude_kernel=0 is opened on ourselves. Where
/// perf_event_paranoid >= 2 and we lack CAP_PERFMON that fails with EACCES.
struct KernelCounting {
  bool allowed = true;
  std::string note;  ///< when !allowed: what happened and the sysctl to change
};
/// The note names kernel.perf_event_paranoid as read under `roots`.
KernelCounting ProbeKernelCounting(const platforms::SystemRoots& roots);

}  // namespace timeit::counters
