#include "wrapper/boots/resume_hook.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "wrapper/base/errors.h"
#include "wrapper/boots/unit_template.h"
#include "wrapper/process/child_launcher.h"

namespace timeit {
namespace {

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

std::string UnitText(const ExperimentState& s, const std::string& state_dir) {
  return Replace(Replace(kUnitTemplate, "@TIMEIT@", s.timeit), "@STATE_DIR@", state_dir);
}

std::vector<std::string> HookInstallLines(const ExperimentState& s) {
  if (s.hook != "systemd") return {};
  return {"systemctl daemon-reload", "systemctl enable timeit-boots.service"};
}

std::vector<std::string> HookRemoveLines(const ExperimentState& s) {
  if (s.hook != "systemd") return {};
  return {"systemctl disable timeit-boots.service", std::string("rm -f ") + kUnitPath,
          "systemctl daemon-reload"};
}

void CheckHook(const ExperimentState& s) {
  if (s.hook != "systemd") return;
  if (!ResolveCommand("systemctl"))
    throw UsageError(
        "--hook systemd: systemctl is not on PATH; with another init, --hook none "
        "and call timeit boots resume at every boot");
  if (::geteuid() != 0) throw UsageError("--hook systemd: only root can install the unit");
  if (std::filesystem::exists(kUnitPath))
    throw UsageError(std::string(kUnitPath) +
                     " exists: another experiment is under way (timeit boots status, cancel)");
}

void WriteUnit(const ExperimentState& s, const std::string& state_dir) {
  const std::string temp = std::string(kUnitPath) + ".new";
  {
    std::ofstream out(temp, std::ios::trunc);
    out << UnitText(s, state_dir);
    if (!(out.flush())) throw SystemError("cannot write " + temp + ": " + std::strerror(errno));
  }
  ::chmod(temp.c_str(), 0644);
  if (::rename(temp.c_str(), kUnitPath) != 0)
    throw SystemError(std::string("cannot write ") + kUnitPath + ": " + std::strerror(errno));
}

}  // namespace timeit
