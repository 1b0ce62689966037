// timeit compare's own --json (export/json_export.h), read back: each entry's
// "metrics" hold one value per measured run, null where a run has none.
#include <fmt/format.h>

#include "wrapper/base/errors.h"
#include "wrapper/compare/input/input_table.h"
#include "wrapper/compare/input/json_input.h"

namespace timeit {
namespace {

using json = Json;

/// The number of runs: the length every metric's array shares.
std::size_t RunCount(const JsonFields& f, const json& metrics, const std::string& place) {
  std::optional<std::size_t> runs;
  for (const auto& [name, values] : metrics.items()) {
    const std::size_t n = f.Array(values, place + "." + name).size();
    if (runs && n != *runs)
      f.Fail(place + "." + name, fmt::format("{} values, the metrics before it {}", n, *runs));
    runs = n;
  }
  return runs.value_or(0);
}

std::vector<std::string> HigherIsBetter(const JsonFields& f, const json& entry,
                                        const std::string& place) {
  std::vector<std::string> names;
  const json* list = JsonFields::Member(entry, "higher_is_better");
  if (list == nullptr) return names;
  const json& array = f.Array(*list, place + ".higher_is_better");
  for (std::size_t i = 0; i < array.size(); ++i)
    names.push_back(f.String(array[i], fmt::format("{}.higher_is_better[{}]", place, i)));
  return names;
}

}  // namespace

ResultsTable ReadTimeitJson(const std::string& file, const json& doc) {
  const JsonFields f(file);
  const json& results = doc["results"];
  InputTable table(file);
  table.MarkInDisplayUnits();  // compare --json writes what its report shows
  for (std::size_t e = 0; e < results.size(); ++e) {
    const std::string place = fmt::format("results[{}]", e);
    const json& entry = results[e];
    const json* command = JsonFields::Member(entry, "command");
    const json* metrics = JsonFields::Member(entry, "metrics");
    if (command == nullptr || metrics == nullptr || !metrics->is_object())
      f.Fail(place,
             "expected \"command\" and a \"metrics\" object, as timeit compare --json "
             "writes");
    const std::string label = f.String(*command, place + ".command");
    const std::size_t runs = RunCount(f, *metrics, place + ".metrics");
    for (std::size_t i = 0; i < runs; ++i) {
      std::vector<std::pair<std::string, std::optional<double>>> values;
      for (const auto& [name, per_run] : metrics->items()) {
        const json& v = per_run[i];
        values.emplace_back(name, v.is_null()
                                      ? std::nullopt
                                      : std::optional(f.Number(
                                            v, fmt::format("{}.metrics.{}[{}]", place, name, i))));
      }
      table.AddRun(label, false, fmt::format("{} run {}", place, i + 1), values);
    }
    table.SetHigherIsBetter(label, HigherIsBetter(f, entry, place));
  }
  if (results.empty()) throw InputError(file, 0, "an empty results list: no set to compare");
  return std::move(table).Finish();
}

}  // namespace timeit
