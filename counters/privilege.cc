#include "counters/privilege.h"

#include <linux/perf_event.h>

#include <cerrno>
#include <fstream>

#include "counters/generic_events.h"
#include "counters/perf_open.h"

namespace timeit::counters {

std::optional<int> ReadPerfEventParanoid() {
  std::ifstream in("/proc/sys/kernel/perf_event_paranoid");
  int value = 0;
  if (in >> value) return value;
  return std::nullopt;
}

KernelCounting ProbeKernelCounting() {
  KernelCounting result;
  const auto task_clock = FindGenericEvent("task-clock");
  OpenOptions options;
  options.tree = false;
  const OpenedCounter probe = OpenCounter(*task_clock, 0, options);
  if (probe.fd || (probe.error != EACCES && probe.error != EPERM)) return result;
  result.allowed = false;
  const auto paranoid = ReadPerfEventParanoid();
  result.note = "kernel-mode counting is not permitted (kernel.perf_event_paranoid=" +
                (paranoid ? std::to_string(*paranoid) : std::string("?")) +
                ", no CAP_PERFMON): counting user mode only, columns marked ':u'; "
                "to count the kernel too: sysctl kernel.perf_event_paranoid=1";
  return result;
}

}  // namespace timeit::counters
