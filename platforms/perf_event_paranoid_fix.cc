#include "platforms/perf_event_paranoid_fix.h"

namespace timeit::platforms {

std::string ParanoidSysctl(int level) {
  return "sysctl kernel.perf_event_paranoid=" + std::to_string(level);
}

std::string AllowKernelCounting() {
  return "allow it with `" + ParanoidSysctl(1) + "` or run with CAP_PERFMON";
}

}  // namespace timeit::platforms
