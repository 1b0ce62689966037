#include "wrapper/boots/boot_method.h"

#include <unistd.h>

#include <filesystem>
#include <regex>
#include <sstream>

#include "platforms/file_text.h"
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
  const std::string entry =
      GrubEntry(platforms::ReadFileText(kGrubCfg).value_or(""), fs::path(c.kernel).filename());
  return {"grub-reboot " + Quote(entry.empty() ? c.kernel : entry), reboot};
}

std::vector<std::string> DisarmLines(const ExperimentState& s) {
  if (s.method == "kexec") return {"kexec -u"};
  return {};
}

void CheckMethod(const ExperimentState& s) {
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
  NeedTool("grub", "grub-reboot", "Debian's grub2-common");
  const std::string saved = GrubDefault(platforms::ReadFileText(kDefaultGrub).value_or(""));
  if (saved != "saved")
    throw UsageError(std::string("--via grub: GRUB_DEFAULT is '") + saved + "' in " + kDefaultGrub +
                     "; grub-reboot's one-shot entry needs GRUB_DEFAULT=saved: set it there, run "
                     "update-grub and grub-set-default with today's default entry");
  const std::string cfg = platforms::ReadFileText(kGrubCfg).value_or("");
  for (const BootConfig& c : s.configs) {
    if (!c.cmdline_add.empty())
      throw UsageError("--via grub: --config " + c.name +
                       " adds to the command line, which grub-reboot cannot: use --via kexec, or "
                       "a menu entry of its own");
    if (GrubEntry(cfg, fs::path(c.kernel).filename()).empty())
      throw UsageError("--via grub: no menu entry in " + std::string(kGrubCfg) + " boots " +
                       c.kernel + " (run update-grub)");
  }
}

}  // namespace timeit
