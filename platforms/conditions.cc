#include "platforms/conditions.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>
#include <vector>

#include "platforms/boot_facts.h"
#include "platforms/cpu_info.h"
#include "platforms/file_text.h"
#include "platforms/machine.h"
#include "platforms/trim.h"

namespace timeit::platforms {
namespace {

namespace fs = std::filesystem;

/// The whole file, or empty when it cannot be read (absent, EACCES).
std::string ReadText(const fs::path& path) { return ReadFileText(path.string()).value_or(""); }

std::string ReadTrimmed(const fs::path& path) { return std::string(Trim(ReadText(path))); }

/// The subdirectories of `dir` whose names start with `prefix`, sorted.
std::vector<fs::path> Entries(const fs::path& dir, std::string_view prefix) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename().string().starts_with(prefix)) found.push_back(it->path());
  std::sort(found.begin(), found.end());
  return found;
}

/// The governors of every cpufreq policy, distinct and sorted, joined by
/// commas; the per-CPU files where a kernel has no policy directories.
std::string Governors(const fs::path& cpu) {
  std::set<std::string> governors;
  std::vector<fs::path> dirs = Entries(cpu / "cpufreq", "policy");
  if (dirs.empty())
    for (const fs::path& c : Entries(cpu, "cpu")) dirs.push_back(c / "cpufreq");
  for (const fs::path& d : dirs) {
    std::string g = ReadTrimmed(d / "scaling_governor");
    if (!g.empty()) governors.insert(std::move(g));
  }
  std::string joined;
  for (const std::string& g : governors) joined += (joined.empty() ? "" : ",") + g;
  return joined;
}

/// intel_pstate's no_turbo (1: boost off), else the cpufreq core's global
/// boost switch (acpi-cpufreq, amd-pstate: 1 is on), else per-policy boost.
void ReadBoost(const fs::path& cpu, Conditions& c) {
  const fs::path no_turbo = cpu / "intel_pstate" / "no_turbo";
  if (const std::string v = ReadTrimmed(no_turbo); !v.empty()) {
    c.boost = v == "0" ? "on" : "off";
    c.boost_knob = "/sys/devices/system/cpu/intel_pstate/no_turbo";
    return;
  }
  const fs::path global = cpu / "cpufreq" / "boost";
  if (const std::string v = ReadTrimmed(global); !v.empty()) {
    c.boost = v == "0" ? "off" : "on";
    c.boost_knob = "/sys/devices/system/cpu/cpufreq/boost";
    return;
  }
  for (const fs::path& policy : Entries(cpu / "cpufreq", "policy")) {
    const std::string v = ReadTrimmed(policy / "boost");
    if (v.empty()) continue;
    if (c.boost.empty() || v != "0") c.boost = v == "0" ? "off" : "on";
    c.boost_knob = "/sys/devices/system/cpu/cpufreq/policy*/boost";
  }
}

std::string Mitigations(const fs::path& dir) {
  std::vector<std::pair<std::string, std::string>> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    files.emplace_back(it->path().filename().string(), ReadTrimmed(it->path()));
  return MitigationsValue(files);
}

/// DMI vendors of hypervisors (as SMBIOS of the common ones says): a
/// product ending in ".metal" is EC2 bare metal.
bool DmiSaysVirtual(std::string_view vendor, std::string_view product) {
  if (product.ends_with(".metal")) return false;
  for (std::string_view v : {"QEMU", "Amazon EC2", "VMware, Inc.", "innotek GmbH", "Xen", "Google",
                             "Parallels Software International Inc.", "OpenStack"})
    if (vendor.starts_with(v)) return true;
  return vendor == "Microsoft Corporation" && product == "Virtual Machine";
}

/// x86 CPUs tell a guest by cpuinfo's "hypervisor" flag (CPUID.1:ECX[31]);
/// elsewhere only DMI or /sys/hypervisor can tell, and silence is unknown.
std::string Virtualized(const SystemRoots& roots, const std::string& flags) {
  const fs::path dmi = fs::path(roots.sys) / "class" / "dmi" / "id";
  const std::string vendor = ReadTrimmed(dmi / "sys_vendor");
  const std::string product = ReadTrimmed(dmi / "product_name");
  bool yes = false;
  if (!flags.empty()) {
    std::istringstream words(flags);
    for (std::string w; words >> w;) yes |= w == "hypervisor";
    if (!yes) return "no";
  } else {
    yes = DmiSaysVirtual(vendor, product) ||
          !ReadTrimmed(fs::path(roots.sys) / "hypervisor" / "type").empty();
    if (!yes) return product.ends_with(".metal") ? "no" : "";
  }
  std::string what = vendor;
  if (!product.empty()) what += (what.empty() ? "" : " ") + product;
  return what.empty() ? "yes" : "yes: " + what;
}

}  // namespace

std::string MitigationsValue(std::span<const std::pair<std::string, std::string>> files) {
  if (files.empty()) return {};
  std::vector<std::pair<std::string, std::string>> sorted(files.begin(), files.end());
  std::sort(sorted.begin(), sorted.end());
  std::uint32_t digest = 2166136261u;  // FNV-1a, 32 bits
  const auto mix = [&digest](std::string_view s) {
    for (unsigned char ch : s) digest = (digest ^ ch) * 16777619u;
  };
  std::string mitigated, vulnerable, unknown;
  for (const auto& [name, text] : sorted) {
    mix(name);
    mix("=");
    mix(text);
    mix("\n");
    if (text.starts_with("Not affected")) continue;
    // "Mitigation: X", "KVM: Mitigation: X", "Vulnerable", "Vulnerable: X",
    // "Processor vulnerable", "Unknown: ..." (Documentation/ABI/testing/
    // sysfs-devices-system-cpu): the first of the two words decides.
    const auto m = text.find("Mitigation"),
               v = std::min(text.find("Vulnerable"), text.find("vulnerable"));
    std::string& group = m < v ? mitigated : v < m ? vulnerable : unknown;
    group += (group.empty() ? "" : " ") + name;
  }
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", digest);
  std::string value = hex;
  std::string groups;
  for (const auto& [label, list] :
       {std::pair<const char*, const std::string*>{"mitigated", &mitigated},
        {"vulnerable", &vulnerable},
        {"unknown", &unknown}})
    if (!list->empty()) groups += (groups.empty() ? "" : "; ") + std::string(label) + ": " + *list;
  return value + " " + (groups.empty() ? "none affected" : groups);
}

std::string CmdlineValue(std::string_view cmdline) {
  std::istringstream words{std::string(Trim(cmdline))};
  std::string kept;
  for (std::string w; words >> w;) {
    if (w.starts_with("BOOT_IMAGE=") || w.starts_with("initrd=")) continue;
    kept += (kept.empty() ? "" : " ") + w;
  }
  return kept;
}

std::string SelectedChoice(std::string_view text) {
  const auto open = text.find('['), close = text.find(']');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return std::string(Trim(text));
  return std::string(text.substr(open + 1, close - open - 1));
}

Conditions ReadConditions(const SystemRoots& roots) { return ReadConditions(ReadMachine(roots)); }

Conditions ReadConditions(const Machine& machine) {
  const SystemRoots& roots = machine.roots;
  const fs::path proc = roots.proc, sys = roots.sys;
  const fs::path cpu = sys / "devices" / "system" / "cpu";
  const CpuInfo cpuinfo = machine.cpu.value_or(CpuInfo{});
  Conditions c;
  const BootFacts boot = ReadBootFacts(roots);
  c.boot_id = boot.boot_id;
  c.cmdline = boot.cmdline;
  c.microcode = cpuinfo.microcode;
  c.governor = Governors(cpu);
  ReadBoost(cpu, c);
  c.smt = ReadTrimmed(cpu / "smt" / "control");
  c.aslr = ReadTrimmed(proc / "sys" / "kernel" / "randomize_va_space");
  c.thp = SelectedChoice(ReadText(sys / "kernel" / "mm" / "transparent_hugepage" / "enabled"));
  c.nmi_watchdog = ReadTrimmed(proc / "sys" / "kernel" / "nmi_watchdog");
  if (const auto paranoid = ReadPerfEventParanoid(roots))
    c.perf_event_paranoid = std::to_string(*paranoid);
  c.mitigations = Mitigations(cpu / "vulnerabilities");
  const std::string loadavg = ReadText(proc / "loadavg");
  c.load1 = loadavg.substr(0, loadavg.find(' '));
  c.cpus_online = machine.online.text;
  c.virtualized = Virtualized(roots, cpuinfo.flags);
  return c;
}

}  // namespace timeit::platforms
