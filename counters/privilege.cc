#include "counters/privilege.h"

#include <linux/perf_event.h>

#include <cerrno>

#include "counters/generic_events.h"
#include "counters/perf_open.h"
#include "platforms/perf_event_paranoid_fix.h"

namespace timeit::counters {

KernelCounting ProbeKernelCounting(const platforms::SystemRoots& roots) {
  KernelCounting result;
  const auto task_clock = FindGenericEvent("task-clock");
  OpenOptions options;
  options.tree = false;
  const OpenedCounter probe = OpenCounter(*task_clock, 0, options);
  if (probe.fd || (probe.error != EACCES && probe.error != EPERM)) return result;
  result.allowed = false;
  const auto paranoid = platforms::ReadPerfEventParanoid(roots);
  result.note = "kernel-mode counting is not permitted (kernel.perf_event_paranoid=" +
                (paranoid ? std::to_string(*paranoid) : std::string("?")) +
                ", no CAP_PERFMON): counting user mode only, columns marked ':u'; "
                "to count the kernel too: " +
                platforms::ParanoidSysctl(1);
  return result;
}

}  // namespace timeit::counters
