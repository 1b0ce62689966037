#include "platforms/system_roots.h"

#include <cstdlib>

#include "platforms/file_text.h"
#include "platforms/kernel_pmus.h"
#include "platforms/trim.h"
#include "platforms/whole_number.h"

namespace timeit::platforms {
namespace {

/// $name when set and not empty.
std::optional<std::string> FromEnvironment(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return value;
}

}  // namespace

std::string SystemRoots::CpuInfoPath() const {
  return cpuinfo.empty() ? proc + "/cpuinfo" : cpuinfo;
}

std::string CpuInfoDescription() { return SystemRoots{}.CpuInfoPath() + " (or $TIMEIT_CPUINFO)"; }

std::string SystemRoots::EventSourceDir() const { return platforms::EventSourceDir(sys); }

SystemRoots OtherMachineRoots(std::string proc, std::string sys) {
  SystemRoots roots;
  roots.proc = std::move(proc);
  roots.sys = std::move(sys);
  roots.from_environment = true;
  return roots;
}

SystemRoots SystemRootsFromEnvironment() {
  SystemRoots roots;
  if (auto proc = FromEnvironment("TIMEIT_PROC_ROOT")) {
    roots.proc = std::move(*proc);
    roots.from_environment = true;
  }
  if (auto sys = FromEnvironment("TIMEIT_SYS_ROOT")) {
    roots.sys = std::move(*sys);
    roots.from_environment = true;
  }
  roots.tracefs = FromEnvironment("TIMEIT_TRACEFS").value_or("");
  roots.cpuinfo = FromEnvironment("TIMEIT_CPUINFO").value_or("");
  roots.boot_id = FromEnvironment("TIMEIT_BOOT_ID").value_or("");
  roots.kernel_release = FromEnvironment("TIMEIT_KERNEL_RELEASE").value_or("");
  roots.kernel_cmdline = FromEnvironment("TIMEIT_KERNEL_CMDLINE").value_or("");
  return roots;
}

std::optional<int> ReadPerfEventParanoid(const SystemRoots& roots) {
  const std::optional<std::string> text =
      ReadFileText(roots.proc + "/sys/kernel/perf_event_paranoid");
  int value = 0;
  if (text && ParseWhole(Trim(*text), value)) return value;
  return std::nullopt;
}

}  // namespace timeit::platforms
