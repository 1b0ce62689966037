#include "wrapper/compare/input/input_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "wrapper/results/results_columns.h"

namespace timeit {

void InputTable::AddRun(const std::string& label, bool failed, std::string place,
                        const std::vector<std::pair<std::string, std::optional<double>>>& values) {
  Run run{label, failed, {}};
  for (const auto& [metric, value] : values) {
    if (std::find(metrics_.begin(), metrics_.end(), metric) == metrics_.end())
      metrics_.push_back(metric);
    if (value) run.values[metric] = *value;
  }
  runs_.push_back(std::move(run));
  table_.places.push_back(std::move(place));
  table_.lines.push_back(0);
}

void InputTable::SetHigherIsBetter(const std::string& label, std::vector<std::string> metrics) {
  std::string names;
  for (const std::string& m : metrics) names += (names.empty() ? "" : " ") + m;
  if (!names.empty()) higher_[label] = names;
}

int InputTable::Runs(const std::string& label) const {
  return static_cast<int>(
      std::count_if(runs_.begin(), runs_.end(), [&](const Run& r) { return r.label == label; }));
}

ResultsTable InputTable::Finish() && {
  table_.columns = {"label", "status"};
  const bool higher = !higher_.empty();
  if (higher) table_.columns.emplace_back(kHigherIsBetterColumn);
  const bool commands = !commands_.empty();
  if (commands) table_.columns.emplace_back("command");
  table_.columns.insert(table_.columns.end(), metrics_.begin(), metrics_.end());
  for (const Run& run : runs_) {
    std::vector<std::string> row = {run.label, run.failed ? "1" : "0"};
    if (higher) {
      const auto it = higher_.find(run.label);
      row.push_back(it == higher_.end() ? "" : it->second);
    }
    if (commands) {
      const auto it = commands_.find(run.label);
      row.push_back(it == commands_.end() ? "" : it->second);
    }
    for (const std::string& m : metrics_) {
      const auto it = run.values.find(m);
      // The shortest text that reads back to the same double.
      row.push_back(it == run.values.end() ? "" : fmt::format("{}", it->second));
    }
    table_.rows.push_back(std::move(row));
  }
  return std::move(table_);
}

}  // namespace timeit
