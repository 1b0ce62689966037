#include "wrapper/results/series_metadata.h"

#include <fstream>
#include <sstream>
#include <utility>

#include "platforms/machine.h"
#include "wrapper/base/version.h"
#include "wrapper/results/results_columns.h"
#include "wrapper/sources/counter_source.h"

namespace timeit {
namespace {

std::string ValueOf(const std::string& line) {
  const std::size_t colon = line.find(':');
  if (colon == std::string::npos) return {};
  const std::size_t start = line.find_first_not_of(" \t", colon + 1);
  return start == std::string::npos ? std::string() : line.substr(start);
}

/// The one place the platform column is filled: the event table the
/// counters use on this machine (e.g. "neoverse-n1", "zen3", "generic").
std::string DetectedPlatformName() {
  return std::string(platforms::GetPlatformInfo(DetectedPlatform()).name);
}

}  // namespace

std::string CpuModelFromCpuinfo(const std::string& cpuinfo) {
  std::istringstream in(cpuinfo);
  std::string line, implementer, part;
  while (std::getline(in, line)) {
    if (line.starts_with("model name")) return ValueOf(line);
    if (line.starts_with("CPU implementer") && implementer.empty()) implementer = ValueOf(line);
    if (line.starts_with("CPU part") && part.empty()) part = ValueOf(line);
  }
  if (!implementer.empty()) return "implementer " + implementer + " part " + part;
  return {};
}

std::string SeriesCell(const SeriesMetadata& m, std::string_view column) {
  const std::pair<std::string_view, const std::string*> fixed[] = {
      {"host", &m.host},
      {"kernel_release", &m.kernel_release},
      {"kernel_version", &m.kernel_version},
      {"cpu_model", &m.cpu_model},
      {"platform", &m.platform},
      {"timeit_version", &m.timeit_version},
      {"command", &m.command},
      {kHigherIsBetterColumn, &m.higher_is_better}};
  for (const auto& [name, value] : fixed)
    if (name == column) return *value;
  for (const platforms::ConditionField& f : platforms::ConditionFields())
    if (f.name == column) return m.conditions.*f.value;
  return {};
}

std::string ShellQuoteCommand(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out.push_back(' ');
    const bool plain = !w.empty() && w.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789-_./=+:,@%") == std::string::npos;
    if (plain) {
      out += w;
      continue;
    }
    out.push_back('\'');
    for (const char c : w) {
      if (c == '\'')
        out += "'\\''";
      else
        out.push_back(c);
    }
    out.push_back('\'');
  }
  return out;
}

SeriesMetadata GatherSeriesMetadata(const std::vector<std::string>& command, bool shell) {
  const platforms::MachineIdentity id = platforms::ReadMachineIdentity();
  SeriesMetadata m;
  m.host = id.host;
  m.kernel_release = id.kernel_release;
  m.kernel_version = id.kernel_version;
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::ostringstream text;
  text << cpuinfo.rdbuf();
  m.cpu_model = CpuModelFromCpuinfo(text.str());
  m.platform = DetectedPlatformName();
  m.timeit_version = kVersion;
  m.command = shell && !command.empty() ? command.front() : ShellQuoteCommand(command);
  m.conditions = platforms::ReadConditions(platforms::SystemRootsFromEnvironment());
  return m;
}

}  // namespace timeit
