#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "wrapper/results/results_csv_reader.h"

namespace timeit {

/// Builds, from another runner's results, the table compare reads from a
/// results CSV: a `label` and a `status` column, then one column per metric
/// in the order first seen, and `higher_is_better` when a set names one.
/// The sets, warm-up and failure rules, warnings and mixing with CSVs then
/// work as for our own files (compare_sets.h).
class InputTable {
 public:
  explicit InputTable(std::string file) { table_.file = std::move(file); }

  /// One run of set `label`; `failed` leaves it out as compare leaves out a
  /// run with a non-zero status. `place` says where it is ("results[1].times[3]");
  /// a value of nullopt is an empty cell (a metric the run lacks).
  void AddRun(const std::string& label, bool failed, std::string place,
              const std::vector<std::pair<std::string, std::optional<double>>>& values);

  /// Metrics of set `label` that are better when higher.
  void SetHigherIsBetter(const std::string& label, std::vector<std::string> metrics);

  /// The command set `label` ran, when its name is not the command
  /// (a `command` column, as in our results CSV).
  void SetCommand(const std::string& label, std::string command) {
    commands_[label] = std::move(command);
  }

  /// How many runs of `label` were added (failed ones too).
  int Runs(const std::string& label) const;

  /// The values are in the units a reader sees already (our own --json).
  void MarkInDisplayUnits() { table_.in_display_units = true; }

  ResultsTable Finish() &&;

 private:
  struct Run {
    std::string label;
    bool failed = false;
    std::map<std::string, double, std::less<>> values;
  };
  ResultsTable table_;
  std::vector<std::string> metrics_;
  std::vector<Run> runs_;
  std::map<std::string, std::string, std::less<>> higher_;
  std::map<std::string, std::string, std::less<>>
      commands_;  ///< by label  ///< by label, names joined by spaces
};

}  // namespace timeit
