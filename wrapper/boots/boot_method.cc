#include "wrapper/boots/boot_method.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "platforms/file_text.h"
#include "platforms/system_roots.h"
#include "platforms/trim.h"
#include "wrapper/base/errors.h"
#include "wrapper/process/child_launcher.h"
#include "wrapper/results/series_metadata.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDefaultGrub = "/etc/default/grub";
constexpr const char* kGrubCfg = "/boot/grub/grub.cfg";

std::string Quote(const std::string& word) { return ShellQuoteCommand({word}); }

/// systemd is running: `systemctl kexec` and `systemctl reboot` shut it
/// down cleanly (sd_booted(3) looks for the same directory).
bool SystemdRuns() { return fs::is_directory("/run/systemd/system"); }

void NeedTool(const char* method, const std::string& tool, const std::string& package) {
  if (!ResolveCommand(tool))
    throw UsageError(std::string("--via ") + method + ": " + tool + " is not on PATH (" + package +
                     ")");
}

/// `line`'s output (stdout and stderr) through /bin/sh, and whether it
/// exited 0.
std::pair<std::string, bool> OutputOf(const std::string& line) {
  std::FILE* pipe = ::popen((line + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return {std::string(), false};
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {out, status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0};
}

constexpr const char* kBootctlList = "bootctl --no-pager list --json=short";

/// grub and systemd-boot boot an entry as it is written: neither can add
/// words to its command line for one boot.
void NoCmdlineAdd(const char* method, const ExperimentState& s, const char* instead) {
  for (const BootConfig& c : s.configs)
    if (!c.cmdline_add.empty())
      throw UsageError(std::string("--via ") + method + ": --config " + c.name +
                       " adds to the command line, which " + instead +
                       " cannot: use --via kexec, or an entry of its own");
}

/// The entries of `bootctl list --json=short`'s output, each with its id.
std::vector<nlohmann::json> SystemdBootEntries(const std::string& bootctl_list) {
  std::vector<nlohmann::json> entries;
  std::istringstream in(bootctl_list);
  // One JSON object a line (systemd 252's --json=short); other lines are
  // bootctl's messages.
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("{")) continue;
    nlohmann::json e = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (e.is_object() && e.contains("id") && e["id"].is_string()) entries.push_back(std::move(e));
  }
  return entries;
}

/// Throws unless `c`'s entry (entry=ID) is one of `entries`.
void NamedEntryListed(const std::vector<nlohmann::json>& entries, const BootConfig& c) {
  std::string ids;
  for (const nlohmann::json& e : entries) {
    const std::string id = e["id"].get<std::string>();
    if (id == c.entry) return;
    ids += (ids.empty() ? "" : ", ") + id;
  }
  throw UsageError("--via systemd-boot: --config " + c.name + " names entry " + c.entry +
                   ", which '" + kBootctlList + "' does not list (it lists " +
                   (ids.empty() ? "none" : ids) +
                   "): systemd-boot would boot its default entry instead");
}

}  // namespace

std::string SubstituteNextBoot(const std::string& tmpl, const BootConfig& c,
                               const std::string& cmdline) {
  const std::pair<std::string, std::string> fields[] = {{"{config}", c.name},
                                                        {"{kernel}", c.kernel},
                                                        {"{initrd}", c.initrd},
                                                        {"{cmdline}", cmdline},
                                                        {"{release}", c.release}};
  std::string out;
  for (std::size_t i = 0; i < tmpl.size();) {
    bool replaced = false;
    for (const auto& [name, value] : fields) {
      if (tmpl.compare(i, name.size(), name) != 0) continue;
      out += Quote(value);
      i += name.size();
      replaced = true;
      break;
    }
    if (!replaced) out.push_back(tmpl[i++]);
  }
  return out;
}

std::string GrubDefault(const std::string& default_grub_text) {
  std::istringstream in(default_grub_text);
  std::string value;
  static const std::regex kLine(R"(^\s*GRUB_DEFAULT=(.*)$)");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, kLine)) continue;
    std::string v(platforms::Trim(m[1].str()));
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
      v = v.substr(1, v.size() - 2);
    value = v;
  }
  return value;
}

std::string GrubEntry(const std::string& grub_cfg_text, const std::string& kernel_file) {
  static const std::regex kTitle(R"(^\s*(menuentry|submenu)\s+(['"])(.*?)\2)");
  static const std::regex kLinux(R"(^\s*linux(16|efi)?\s+(\S+))");
  std::istringstream in(grub_cfg_text);
  std::vector<std::string> open;  // the titles of the blocks we are in; "" for others
  std::string entry;              // the menuentry's path, when inside one
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    const std::string trimmed(platforms::Trim(line));
    if (std::regex_search(line, m, kTitle)) {
      open.push_back(m[3].str());
      if (m[1] == "menuentry") {
        entry.clear();
        for (const std::string& t : open) entry += (entry.empty() ? "" : ">") + t;
      }
      continue;
    }
    if (trimmed == "}") {
      if (!open.empty()) open.pop_back();
      entry.clear();
      continue;
    }
    if (!entry.empty() && std::regex_search(line, m, kLinux) &&
        fs::path(m[2].str()).filename() == kernel_file &&
        entry.find("recovery mode") == std::string::npos)
      return entry;
  }
  return {};
}

std::string SystemdBootEntry(const std::string& bootctl_list, const BootConfig& c) {
  const std::string file = fs::path(c.kernel).filename().string();
  std::string by_version;
  for (const nlohmann::json& e : SystemdBootEntries(bootctl_list)) {
    const std::string id = e["id"].get<std::string>();
    const auto text = [&e](const char* key) {
      return e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : std::string();
    };
    const std::string linux = text("linux");
    if (!linux.empty() && fs::path(linux).filename() == file) return id;
    // kernel-install's entries (Debian's systemd-boot) name the image
    // `linux` in a folder of the release, and say the release as version.
    if (by_version.empty() && !c.release.empty() && text("version") == c.release && !linux.empty())
      by_version = id;
  }
  return by_version;
}

std::vector<std::string> ArmLines(const ExperimentState& s) {
  const BootConfig& c = s.StepConfig();
  const std::string cmdline = s.StepCmdline();
  if (s.method == "command") return {SubstituteNextBoot(s.next_boot, c, cmdline)};
  const std::string reboot = SystemdRuns() ? "systemctl reboot" : "reboot";
  if (s.method == "kexec") {
    std::string load = "kexec -l " + Quote(c.kernel);
    if (!c.initrd.empty()) load += " " + Quote("--initrd=" + c.initrd);
    load += " " + Quote("--command-line=" + cmdline);
    return {load, SystemdRuns() ? "systemctl kexec" : "kexec -e"};
  }
  if (s.method == "systemd-boot") return {"bootctl set-oneshot " + Quote(c.entry), reboot};
  // Found at start; a state written before the entry was kept, at arming.
  const std::string entry = !c.entry.empty()
                                ? c.entry
                                : GrubEntry(platforms::ReadFileText(kGrubCfg).value_or(""),
                                            fs::path(c.kernel).filename());
  return {"grub-reboot " + Quote(entry.empty() ? c.kernel : entry), reboot};
}

std::vector<std::string> DisarmLines(const ExperimentState& s) {
  if (s.method == "kexec") return {"kexec -u"};
  return {};
}

void CheckMethod(ExperimentState& s) {
  if (s.method == "command") {
    if (s.next_boot.empty())
      throw UsageError("--via command: --next-boot CMD is needed (what boots the next kernel)");
    return;
  }
  if (!s.next_boot.empty())
    throw UsageError("--next-boot: only with --via command (this is --via " + s.method + ")");
  if (::geteuid() != 0)
    throw UsageError("--via " + s.method + ": only root can arm a boot (run timeit boots as root)");
  if (s.method == "kexec") {
    NeedTool("kexec", "kexec", "Debian's kexec-tools");
    return;
  }
  if (s.method == "systemd-boot") {
    NeedTool("systemd-boot", "bootctl", "Debian's systemd-boot");
    NoCmdlineAdd("systemd-boot", s, "bootctl set-oneshot");
    // The one-shot entry is an EFI variable (LoaderEntryOneShot); under the
    // same /sys that resume reads the booted entry from (ReadBootFacts).
    // Before bootctl is asked: without UEFI its listing fails for want of an
    // ESP, whose message would send the user to mount one.
    const std::string efivars =
        platforms::SystemRootsFromEnvironment().sys + "/firmware/efi/efivars";
    if (!fs::is_directory(efivars))
      throw UsageError("--via systemd-boot: this machine did not boot through UEFI (no " + efivars +
                       "), so no one-shot entry can be set: use --via grub or kexec");
    const auto [list, listed] = OutputOf(kBootctlList);
    for (BootConfig& c : s.configs) {
      // bootctl set-oneshot sets any id, and systemd-boot boots its default
      // entry in place of one it does not have: a named entry that bootctl
      // does not list would be found out only after a reboot, as a wrong boot.
      if (!c.entry.empty() && listed) NamedEntryListed(SystemdBootEntries(list), c);
      if (c.entry.empty()) c.entry = SystemdBootEntry(list, c);
      if (!c.entry.empty()) continue;
      if (!listed) {
        std::istringstream said(list);
        std::string first;
        std::getline(said, first);
        throw UsageError(std::string("--via systemd-boot: '") + kBootctlList + "' failed" +
                         (first.empty() ? "" : ": " + first));
      }
      throw UsageError("--via systemd-boot: no entry in '" + std::string(kBootctlList) +
                       "' boots " + c.kernel + " (of release " + c.release +
                       "): add one (kernel-install add), or name it with --config " + c.name +
                       ":...,entry=ID");
    }
    return;
  }
  NeedTool("grub", "grub-reboot", "Debian's grub2-common");
  const std::string saved = GrubDefault(platforms::ReadFileText(kDefaultGrub).value_or(""));
  if (saved != "saved")
    throw UsageError(std::string("--via grub: GRUB_DEFAULT is '") + saved + "' in " + kDefaultGrub +
                     "; grub-reboot's one-shot entry needs GRUB_DEFAULT=saved: set it there, run "
                     "update-grub and grub-set-default with today's default entry");
  NoCmdlineAdd("grub", s, "grub-reboot");
  const std::string cfg = platforms::ReadFileText(kGrubCfg).value_or("");
  for (BootConfig& c : s.configs) {
    if (c.entry.empty()) c.entry = GrubEntry(cfg, fs::path(c.kernel).filename());
    if (c.entry.empty())
      throw UsageError("--via grub: no menu entry in " + std::string(kGrubCfg) + " boots " +
                       c.kernel + " (run update-grub)");
  }
}

}  // namespace timeit
