// Google benchmark's --benchmark_out (JSON): each benchmark is a set, each
// of its repetitions a run; the aggregates (mean, median, stddev, cv) are
// left out, as compare computes its own.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

#include "wrapper/base/errors.h"
#include "wrapper/compare/input/input_table.h"
#include "wrapper/compare/input/json_input.h"
#include "wrapper/results/results_columns.h"

namespace timeit {
namespace {

using json = Json;
using Values = std::vector<std::pair<std::string, std::optional<double>>>;

/// The numbers of a run that describe it rather than measure it.
constexpr std::array<std::string_view, 7> kNotCounters = {
    "family_index", "per_family_instance_index",
    "repetitions",  "repetition_index",
    "threads",      "iterations",
    "complexity_n"};

/// The counters Google benchmark names itself (SetBytesProcessed,
/// SetItemsProcessed): rates, better when higher. A user counter's flags
/// are not in the file, so the others count as lower is better.
constexpr std::array<std::string_view, 2> kRates = {"bytes_per_second", "items_per_second"};

/// Seconds per `time_unit` ("ns" when absent, the library's default).
double SecondsPer(const JsonFields& f, const json& run, const std::string& place) {
  const json* unit = JsonFields::Member(run, "time_unit");
  const std::string u = unit == nullptr ? "ns" : f.String(*unit, place + ".time_unit");
  if (u == "ns") return 1e-9;
  if (u == "us") return 1e-6;
  if (u == "ms") return 1e-3;
  if (u == "s") return 1;
  f.Fail(place + ".time_unit", "'" + u + "' is not a unit Google benchmark writes (ns, us, ms, s)");
}

bool IsAggregate(const json& run) {
  const json* type = JsonFields::Member(run, "run_type");
  return (type != nullptr && type->is_string() && type->get<std::string>() == "aggregate") ||
         JsonFields::Member(run, "aggregate_name") != nullptr;
}

std::string RunName(const JsonFields& f, const json& run, const std::string& place) {
  const json* name = JsonFields::Member(run, "run_name");
  if (name == nullptr) name = JsonFields::Member(run, "name");
  if (name == nullptr) f.Fail(place, "no \"name\"");
  return f.String(*name, place + ".name");
}

/// real_time and cpu_time in seconds, then every user counter.
Values RunValues(const JsonFields& f, const json& run, const std::string& place) {
  const double scale = SecondsPer(f, run, place);
  Values values;
  for (const char* time : {"real_time", "cpu_time"})
    if (const json* v = JsonFields::Member(run, time))
      values.emplace_back(time, f.Number(*v, place + "." + time) * scale);
  for (const auto& [key, v] : run.items()) {
    if (!v.is_number() || key == "real_time" || key == "cpu_time" || IsNonMetricColumn(key) ||
        std::find(kNotCounters.begin(), kNotCounters.end(), key) != kNotCounters.end())
      continue;
    values.emplace_back(key, v.get<double>());
  }
  return values;
}

bool ErrorOccurred(const json& run) {
  const json* error = JsonFields::Member(run, "error_occurred");
  return error != nullptr && error->is_boolean() && error->get<bool>();
}

}  // namespace

ResultsTable ReadBenchmarkJson(const std::string& file, const json& doc) {
  const JsonFields f(file);
  const json& benchmarks = doc["benchmarks"];
  InputTable table(file);
  std::vector<std::string> order;  // run names in order of appearance
  for (std::size_t b = 0; b < benchmarks.size(); ++b) {
    const std::string place = fmt::format("benchmarks[{}]", b);
    const json& run = benchmarks[b];
    if (!run.is_object()) f.Fail(place, "expected an object, got " + JsonTypeName(run));
    if (IsAggregate(run)) continue;
    const std::string name = RunName(f, run, place);
    if (std::find(order.begin(), order.end(), name) == order.end()) order.push_back(name);
    // A run that stopped with SkipWithError measured nothing: a failed run.
    const bool failed = ErrorOccurred(run);
    table.AddRun(name, failed, place, failed ? Values{} : RunValues(f, run, place));
  }
  if (order.empty())
    throw InputError(file, 0, "no benchmark runs in Google benchmark's \"benchmarks\" list");
  for (const std::string& name : order) {
    if (table.Runs(name) < 2)
      throw InputError(file, 0,
                       "benchmark '" + name +
                           "' has a single run: compare needs repetitions "
                           "(--benchmark_repetitions=N, N of 2 or more)");
    table.SetHigherIsBetter(name, {kRates.begin(), kRates.end()});
  }
  return std::move(table).Finish();
}

}  // namespace timeit
