#include "wrapper/results/series_metadata.h"

#include <utility>

#include "platforms/cpu_info.h"
#include "platforms/platform.h"
#include "wrapper/base/version.h"
#include "wrapper/results/results_columns.h"

namespace timeit {

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

std::string CommandCell(const std::string& command) {
  if (command.size() <= kCommandCellBytes) return command;
  const std::string tail = " ... (" + std::to_string(command.size()) + " bytes)";
  std::size_t cut = kCommandCellBytes - tail.size();
  while (cut > 0 && (static_cast<unsigned char>(command[cut]) & 0xC0) == 0x80) --cut;
  return command.substr(0, cut) + tail;
}

SeriesMetadata GatherSeriesMetadata(const platforms::Machine& machine,
                                    const std::vector<std::string>& command, bool shell) {
  SeriesMetadata m;
  m.host = machine.identity.host;
  m.kernel_release = machine.identity.kernel_release;
  m.kernel_version = machine.identity.kernel_version;
  m.cpu_model = machine.cpu ? platforms::CpuModel(*machine.cpu) : std::string();
  m.platform = platforms::GetPlatformInfo(machine.platform).name;
  // A test playing another boot (`timeit boots`) names its kernel too.
  if (!machine.roots.kernel_release.empty()) m.kernel_release = machine.roots.kernel_release;
  m.timeit_version = kVersion;
  const std::string line = shell && !command.empty() ? command.front() : ShellQuoteCommand(command);
  m.command = CommandCell(line);
  m.command_bytes = line.size();
  m.conditions = platforms::ReadConditions(machine);
  return m;
}

}  // namespace timeit
