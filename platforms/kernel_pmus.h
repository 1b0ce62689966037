#pragma once

#include <string>
#include <vector>

namespace timeit::platforms {

/// The kernel's PMU directory under a sysfs root: "/sys" on a live machine,
/// a fixture tree in tests.
inline std::string EventSourceDir(const std::string& sys_root) {
  return sys_root + "/bus/event_source/devices";
}

/// A PMU the running kernel registered (a directory of event_source/devices),
/// with the perf_event `type` number to put in perf_event_attr.type.
struct KernelPmu {
  std::string name;  ///< e.g. cpu, armv8_pmuv3_0, software, tracepoint
  int type = -1;
};

/// The kernel's PMUs, sorted by name; empty when sysfs is not there.
std::vector<KernelPmu> ReadKernelPmus(const std::string& dir = EventSourceDir("/sys"));

/// True when one of `pmus` counts CPU events in hardware: x86's `cpu` (or
/// hybrid `cpu_core`), arm64's `armv8_pmuv3*` or `armv8_*`. A VM without a
/// virtual PMU has only software, tracepoint, breakpoint and friends.
bool HasHardwareCpuPmu(const std::vector<KernelPmu>& pmus);

}  // namespace timeit::platforms
