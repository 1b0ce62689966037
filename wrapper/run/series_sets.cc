#include "wrapper/run/series_sets.h"

namespace timeit {

std::vector<SeriesSet> ConfigSets(const std::vector<std::pair<std::string, std::string>>& configs) {
  std::vector<SeriesSet> sets;
  for (const auto& [name, before] : configs) {
    SeriesSet s;
    s.name = name;
    s.option = "--config " + name;
    s.before = before;
    sets.push_back(std::move(s));
  }
  return sets;
}

std::vector<SeriesSet> CommandSets(
    const std::vector<std::pair<std::string, std::string>>& commands) {
  std::vector<SeriesSet> sets;
  for (const auto& [name, command] : commands) {
    SeriesSet s;
    s.name = name;
    s.option = "--command " + name;
    s.command = {command};
    s.shell = true;
    sets.push_back(std::move(s));
  }
  return sets;
}

std::vector<SeriesSet> ScanSets(const ParameterScan& scan, const std::vector<std::string>& command,
                                bool shell, const std::string& prepare,
                                const std::string& cleanup) {
  std::vector<SeriesSet> sets;
  for (const std::string& value : scan.values) {
    SeriesSet s;
    s.name = scan.name + "=" + value;
    s.option = scan.option + " " + s.name;
    for (const std::string& word : command) s.command.push_back(Substitute(word, scan.name, value));
    s.shell = shell;
    s.own_helpers = true;
    s.prepare = Substitute(prepare, scan.name, value);
    s.cleanup = Substitute(cleanup, scan.name, value);
    sets.push_back(std::move(s));
  }
  return sets;
}

}  // namespace timeit
