#include "wrapper/check/condition_checks.h"

#include <fmt/format.h>

#include <sstream>

#include "wrapper/base/number_text.h"

namespace timeit {
namespace {

CheckLine Line(CheckLevel level, std::string_view name, std::string text) {
  return CheckLine{level, std::string(name), std::move(text)};
}

std::string OrUnknown(const std::string& value, std::string_view why) {
  return value.empty() ? fmt::format("unknown ({})", why) : value;
}

CheckLine Governor(const std::string& g) {
  if (g.empty()) return Line(CheckLevel::kInfo, "governor", "none: no cpufreq here (a VM?)");
  if (g == "performance") return Line(CheckLevel::kOk, "governor", g);
  return Line(CheckLevel::kWarn, "governor",
              g + ": the clock follows the load, so runs start at different speeds; fix: "
                  "cpupower frequency-set -g performance");
}

CheckLine Boost(const platforms::Conditions& c) {
  if (c.boost == "off") return Line(CheckLevel::kOk, "boost", "off");
  if (c.boost.empty())
    return Line(CheckLevel::kInfo, "boost",
                "unknown: neither cpufreq boost nor intel_pstate/no_turbo here");
  const bool no_turbo = c.boost_knob.ends_with("no_turbo");
  return Line(CheckLevel::kWarn, "boost",
              fmt::format("on: the clock rises and falls with temperature and busy cores; fix: "
                          "echo {} > {}",
                          no_turbo ? 1 : 0, c.boost_knob));
}

CheckLine Smt(const std::string& smt) {
  if (smt == "on")
    return Line(CheckLevel::kInfo, "smt",
                "on: a sibling thread's work shares the core; keep siblings idle (--cpus one "
                "thread per core), or echo off > /sys/devices/system/cpu/smt/control");
  return Line(smt.empty() ? CheckLevel::kInfo : CheckLevel::kOk, "smt",
              OrUnknown(smt, "no smt/control"));
}

CheckLine Aslr(const std::string& aslr) {
  if (aslr == "1" || aslr == "2")
    return Line(CheckLevel::kInfo, "aslr",
                aslr +
                    ": addresses differ run to run, which spreads layout effects over the "
                    "runs; to measure with fixed addresses, run the series under setarch -R "
                    "(`setarch -R timeit ...`), which turns randomization off for it alone");
  return Line(aslr == "0" ? CheckLevel::kOk : CheckLevel::kInfo, "aslr",
              OrUnknown(aslr, "no randomize_va_space"));
}

CheckLine NmiWatchdog(const std::string& nmi) {
  if (nmi == "1")
    return Line(CheckLevel::kWarn, "nmi_watchdog",
                "1: the hard-lockup detector holds a hardware counter, so fewer are left and "
                "events may multiplex; fix: echo 0 > /proc/sys/kernel/nmi_watchdog");
  return Line(nmi == "0" ? CheckLevel::kOk : CheckLevel::kInfo, "nmi_watchdog",
              OrUnknown(nmi, "no kernel.nmi_watchdog"));
}

CheckLine Load(const std::string& load1) {
  double load = 0;
  if (!ParseFinite(load1, load))
    return Line(CheckLevel::kInfo, "load1", OrUnknown(load1, "no /proc/loadavg"));
  if (load < 1.0) return Line(CheckLevel::kOk, "load1", load1);
  return Line(CheckLevel::kWarn, "load1",
              load1 +
                  ": other work competes for the CPUs and caches; fix: stop it, or keep it "
                  "off the measured CPUs (isolcpus= on the kernel command line, then --cpus)");
}

/// "0-7,12" -> 9.
int CountCpus(const std::string& list) {
  int count = 0;
  std::istringstream in(list);
  for (std::string range; std::getline(in, range, ',');) {
    int first = 0, last = 0;
    const auto dash = range.find('-');
    if (!ParseWhole(std::string_view(range).substr(0, dash), first)) continue;
    last = first;
    if (dash != std::string::npos && !ParseWhole(std::string_view(range).substr(dash + 1), last))
      continue;
    count += last - first + 1;
  }
  return count;
}

}  // namespace

std::vector<CheckLine> CheckConditions(const platforms::Conditions& c) {
  std::vector<CheckLine> lines;
  lines.push_back(Line(CheckLevel::kInfo, "boot_id", OrUnknown(c.boot_id, "no boot_id")));
  lines.push_back(Line(CheckLevel::kInfo, "cmdline", OrUnknown(c.cmdline, "no /proc/cmdline")));
  lines.push_back(Line(CheckLevel::kInfo, "microcode", OrUnknown(c.microcode, "not in cpuinfo")));
  lines.push_back(Governor(c.governor));
  lines.push_back(Boost(c));
  lines.push_back(Smt(c.smt));
  lines.push_back(Aslr(c.aslr));
  lines.push_back(
      Line(CheckLevel::kInfo, "thp", OrUnknown(c.thp, "no transparent_hugepage/enabled")));
  lines.push_back(NmiWatchdog(c.nmi_watchdog));
  lines.push_back(Line(CheckLevel::kInfo, "perf_event_paranoid",
                       OrUnknown(c.perf_event_paranoid, "no kernel.perf_event_paranoid") +
                           (c.perf_event_paranoid.empty() ? "" : " (what it allows: below)")));
  lines.push_back(
      Line(CheckLevel::kInfo, "mitigations", OrUnknown(c.mitigations, "no cpu/vulnerabilities")));
  lines.push_back(Load(c.load1));
  lines.push_back(Line(CheckLevel::kInfo, "cpus_online",
                       c.cpus_online.empty()
                           ? OrUnknown(c.cpus_online, "no cpu/online")
                           : fmt::format("{} ({} CPUs)", c.cpus_online, CountCpus(c.cpus_online))));
  if (c.virtualized == "no")
    lines.push_back(Line(CheckLevel::kOk, "virtualized", "no"));
  else
    lines.push_back(Line(CheckLevel::kInfo, "virtualized",
                         c.virtualized.empty()
                             ? std::string("unknown (no hypervisor flag or DMI vendor tells)")
                             : c.virtualized + ": the hypervisor may take CPU time (steal) and "
                                               "hides or shares the PMU"));
  return lines;
}

std::vector<std::string> WarningNames(const std::vector<CheckLine>& lines) {
  std::vector<std::string> names;
  for (const CheckLine& l : lines)
    if (l.level == CheckLevel::kWarn) names.push_back(l.name);
  return names;
}

std::string_view LevelName(CheckLevel level) {
  switch (level) {
    case CheckLevel::kOk:
      return "ok";
    case CheckLevel::kInfo:
      return "info";
    case CheckLevel::kWarn:
      return "warn";
  }
  return "?";
}

std::string FormatCheckLine(const CheckLine& line) {
  return fmt::format("{:<5} {:<20} {}", LevelName(line.level), line.name, line.text);
}

}  // namespace timeit
