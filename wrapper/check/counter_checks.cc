#include "wrapper/check/counter_checks.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>

#include "counters/free_counters.h"
#include "counters/generic_events.h"
#include "counters/privilege.h"
#include "counters/tracefs.h"
#include "platforms/kernel_pmus.h"
#include "platforms/perf_event_paranoid_fix.h"
#include "wrapper/base/number_text.h"

namespace timeit {
namespace {

CheckLine Line(CheckLevel level, const char* name, std::string text) {
  return CheckLine{level, name, std::move(text)};
}

CheckLine Pmu(const std::vector<platforms::KernelPmu>& pmus) {
  std::string hardware;
  for (const platforms::KernelPmu& p : pmus)
    if (platforms::HasHardwareCpuPmu({p}))
      hardware += fmt::format("{}{} (type {})", hardware.empty() ? "" : ", ", p.name, p.type);
  if (!hardware.empty()) return Line(CheckLevel::kOk, "pmu", hardware);
  // A fact of the machine, not noise in a comparison: --strict must pass on
  // a VM that counts software events and tracepoints only.
  return Line(CheckLevel::kInfo, "pmu",
              "none: the kernel has no hardware CPU PMU (a VM without a virtual PMU?); cycles, "
              "instructions and the other hardware metrics stay empty, software events and "
              "tracepoints still count");
}

CheckLine Paranoid(const std::string& value, const platforms::SystemRoots& roots, bool live) {
  const std::string fix = "; fix: " + platforms::ParanoidSysctl(1);
  if (live) {
    const counters::KernelCounting k = counters::ProbeKernelCounting(roots);
    if (k.allowed)
      return Line(CheckLevel::kOk, "paranoid",
                  fmt::format("{}: this process may count user and kernel mode",
                              value.empty() ? "?" : value));
    return Line(CheckLevel::kWarn, "paranoid",
                fmt::format("{}: this process may not count the kernel (counters get ':u', "
                            "the clocks count in full, context switches, migrations and "
                            "tracepoints stay empty){}",
                            value.empty() ? "?" : value, fix));
  }
  int level = 0;
  if (!ParseWhole(value, level))
    return Line(CheckLevel::kInfo, "paranoid", "unknown (no kernel.perf_event_paranoid)");
  if (level <= 1)
    return Line(CheckLevel::kOk, "paranoid", value + ": every user counts user and kernel mode");
  return Line(CheckLevel::kWarn, "paranoid",
              value +
                  (level == 2 ? ": user mode only for a user without CAP_PERFMON"
                              : ": no counting at all for a user without CAP_PERFMON") +
                  fix);
}

bool KernelHasTracefs(const std::string& proc) {
  std::ifstream in(proc + "/filesystems");
  for (std::string line; std::getline(in, line);)
    if (line.ends_with("\ttracefs")) return true;
  return false;
}

CheckLine Tracefs(const platforms::SystemRoots& roots, bool live) {
  const std::string canonical[] = {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};
  for (const std::string& where : canonical) {
    if (!counters::TracefsMounted({roots.sys + where.substr(4)})) continue;
    if (live && counters::ReadTracepointId("raw_syscalls:sys_enter", {where}).error == EACCES)
      return Line(CheckLevel::kWarn, "tracefs",
                  "mounted at " + where +
                      " but not readable by this user (mode 0700): tracepoints such as the "
                      "syscalls metric stay empty; run as root");
    return Line(CheckLevel::kOk, "tracefs", "mounted at " + where);
  }
  if (KernelHasTracefs(roots.proc))
    return Line(CheckLevel::kWarn, "tracefs",
                "not mounted, so tracepoints such as the syscalls metric stay empty; fix (as "
                "root): mount -t tracefs nodev /sys/kernel/tracing");
  return Line(CheckLevel::kWarn, "tracefs",
              "not in this kernel (no tracefs in /proc/filesystems): tracepoints such as the "
              "syscalls metric stay empty");
}

CheckLine FreeCounters(bool has_pmu, bool live, const std::string& nmi_watchdog) {
  if (!has_pmu) return Line(CheckLevel::kInfo, "free counters", "none to probe: no hardware PMU");
  if (!live)
    return Line(CheckLevel::kInfo, "free counters",
                "not probed: TIMEIT_PROC_ROOT/TIMEIT_SYS_ROOT name another machine's trees");
  const counters::FreeCounters f =
      counters::ProbeFreeCounters(*counters::FindGenericEvent("branch-instructions"));
  const std::string watchdog =
      nmi_watchdog == "1" ? " (the NMI watchdog holds one more; see nmi_watchdog)" : "";
  if (f.free == 0)
    return Line(CheckLevel::kWarn, "free counters",
                f.error != 0 ? fmt::format("none: a general-purpose counter does not open ({})",
                                           std::strerror(f.error))
                             : "none: every general-purpose counter is in use" + watchdog);
  return Line(CheckLevel::kOk, "free counters",
              fmt::format("{}{} general-purpose: that many hardware events count at once "
                          "without multiplexing{}",
                          f.free, f.capped ? " or more" : "", watchdog));
}

}  // namespace

std::vector<CheckLine> CheckCounters(const platforms::Conditions& c,
                                     const platforms::Machine& machine) {
  const platforms::SystemRoots& roots = machine.roots;
  const bool live = !roots.from_environment;
  const auto& pmus = machine.pmus;
  return {Pmu(pmus), Paranoid(c.perf_event_paranoid, roots, live), Tracefs(roots, live),
          FreeCounters(platforms::HasHardwareCpuPmu(pmus), live, c.nmi_watchdog)};
}

}  // namespace timeit
