// hyperfine's --export-json: every results[] entry is a set.
#include <fmt/format.h>

#include <algorithm>

#include "wrapper/base/errors.h"
#include "wrapper/compare/input/input_table.h"
#include "wrapper/compare/input/json_input.h"
#include "wrapper/compare/input/short_names.h"

namespace timeit {
namespace {

using json = Json;
using Values = std::vector<std::pair<std::string, std::optional<double>>>;

/// The entry's parameters (`-P`, `-L`), "t=0.1, n=2"; empty without.
std::string ParameterList(const json& entry) {
  const json* parameters = JsonFields::Member(entry, "parameters");
  if (parameters == nullptr || !parameters->is_object() || parameters->empty()) return {};
  std::string list;
  for (const auto& [name, value] : parameters->items())
    list += (list.empty() ? "" : ", ") + name + "=" +
            (value.is_string() ? value.get<std::string>() : value.dump());
  return list;
}

/// The entry's command, with its parameters when it has any:
/// "sleep 0.1 (t=0.1)". hyperfine need not put a parameter in the command
/// line, and two entries of one command are two sets all the same.
std::string EntryLabel(const JsonFields& f, const json& entry, const std::string& place) {
  const json* command = JsonFields::Member(entry, "command");
  if (command == nullptr) f.Fail(place, "no \"command\"");
  std::string label = f.String(*command, place + ".command");
  const std::string parameters = ParameterList(entry);
  return parameters.empty() ? label : label + " (" + parameters + ")";
}

/// The sets' names: the commands, or short ones when a command is too wide
/// for a column (ShortNames); a scan's parameters when they tell every entry
/// apart ("s=0.01", "s=0.02").
std::vector<std::string> SetNames(const json& results, const std::vector<std::string>& commands) {
  std::vector<std::string> names = ShortNames(commands);
  if (names == commands) return names;
  std::vector<std::string> parameters;
  for (const json& entry : results) {
    parameters.push_back(ParameterList(entry));
    if (parameters.back().empty() || parameters.back().size() > kShortNameWidth) return names;
  }
  const auto count = [&](const std::string& p) {
    return std::count(parameters.begin(), parameters.end(), p);
  };
  return std::all_of(parameters.begin(), parameters.end(),
                     [&](const std::string& p) { return count(p) == 1; })
             ? parameters
             : names;
}

/// A per-run array `key` of `entry`, checked to have `runs` numbers (null
/// where a run has none); nullptr when absent or not an array (hyperfine
/// writes `user` and `system` as means).
const json* PerRun(const JsonFields& f, const json& entry, const char* key, std::size_t runs,
                   const std::string& place) {
  const json* values = JsonFields::Member(entry, key);
  if (values == nullptr || !values->is_array()) return nullptr;
  if (values->size() != runs)
    f.Fail(place + "." + key,
           fmt::format("{} values for {} times: one per run expected", values->size(), runs));
  return values;
}

std::optional<double> ValueAt(const JsonFields& f, const json* values, std::size_t i,
                              const std::string& place, double scale = 1) {
  if (values == nullptr || (*values)[i].is_null()) return std::nullopt;
  return f.Number((*values)[i], fmt::format("{}[{}]", place, i)) * scale;
}

/// A run failed when its exit code is not 0; null is a run killed by a signal.
bool Failed(const JsonFields& f, const json* codes, std::size_t i, const std::string& place) {
  if (codes == nullptr) return false;
  const json& code = (*codes)[i];
  return code.is_null() || f.Number(code, fmt::format("{}[{}]", place, i)) != 0;
}

/// A label not used before in this file ("make", "make #2").
std::string Distinct(const InputTable& table, const std::string& label) {
  if (table.Runs(label) == 0) return label;
  for (int i = 2;; ++i) {
    const std::string candidate = fmt::format("{} #{}", label, i);
    if (table.Runs(candidate) == 0) return candidate;
  }
}

}  // namespace

ResultsTable ReadHyperfineJson(const std::string& file, const json& doc,
                               std::vector<std::string>& notes) {
  const JsonFields f(file);
  const json& results = doc["results"];
  if (results.empty())
    throw InputError(file, 0, "hyperfine's results list is empty: no benchmark to compare");
  InputTable table(file);
  // hyperfine writes its --command-name as the command, when one was given;
  // a whole command line is too wide a name, so the sets take short ones and
  // keep the command to show beside them.
  std::vector<std::string> commands;
  for (std::size_t e = 0; e < results.size(); ++e) {
    const std::string place = fmt::format("results[{}]", e);
    if (!results[e].is_object())
      f.Fail(place, "expected an object, got " + JsonTypeName(results[e]));
    commands.push_back(EntryLabel(f, results[e], place));
  }
  const std::vector<std::string> names = SetNames(results, commands);
  bool means_only = false;
  for (std::size_t e = 0; e < results.size(); ++e) {
    const std::string place = fmt::format("results[{}]", e);
    const json& entry = results[e];
    const std::string label = Distinct(table, names[e]);
    if (label != commands[e]) table.SetCommand(label, commands[e]);
    const json* times = JsonFields::Member(entry, "times");
    if (times == nullptr) f.Fail(place, "no \"times\": hyperfine wrote no run of " + label);
    const std::size_t runs = f.Array(*times, place + ".times").size();
    if (runs == 0) f.Fail(place + ".times", "empty: no run of " + label);
    const json* codes = PerRun(f, entry, "exit_codes", runs, place);
    const json* user = PerRun(f, entry, "user", runs, place);
    const json* system = PerRun(f, entry, "system", runs, place);
    const json* memory = PerRun(f, entry, "memory_usage_byte", runs, place);
    means_only |= user == nullptr && JsonFields::Member(entry, "user") != nullptr;
    for (std::size_t i = 0; i < runs; ++i) {
      Values values = {{"real", ValueAt(f, times, i, place + ".times")}};
      if (user != nullptr) values.emplace_back("user", ValueAt(f, user, i, place + ".user"));
      if (system != nullptr) values.emplace_back("sys", ValueAt(f, system, i, place + ".system"));
      // Bytes in hyperfine, KiB in our maxrss (getrusage's unit).
      if (memory != nullptr)
        values.emplace_back("maxrss",
                            ValueAt(f, memory, i, place + ".memory_usage_byte", 1.0 / 1024));
      table.AddRun(label, Failed(f, codes, i, place + ".exit_codes"),
                   fmt::format("{}.times[{}]", place, i), values);
    }
  }
  if (means_only)
    notes.push_back(file +
                    ": hyperfine gives user and system time as means only, so only the wall "
                    "time (real) of each run is compared");
  return std::move(table).Finish();
}

}  // namespace timeit
