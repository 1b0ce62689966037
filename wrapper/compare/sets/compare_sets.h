#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "wrapper/results/results_csv_reader.h"

namespace timeit {

/// One metric of one set: the values of its measured runs in file order.
struct MetricSeries {
  std::vector<double> values;
  /// For each value, its run: an index into CompareSet::run_numbers (a run
  /// without a value for this metric has no entry, so the JSON export can
  /// give it a null).
  std::vector<std::size_t> run_index;
  /// The warm-up runs' values, left out of every statistic but drawn in the
  /// HTML report's runs-in-order chart; indices into CompareSet::warmup_run_numbers.
  std::vector<double> warmup_values;
  std::vector<std::size_t> warmup_index;
  bool has_column = false;  ///< the column exists (its cells may all be empty)
  int empty_cells = 0;      ///< measured runs without a value (not counted, not permitted)
  int multiplexed = 0;      ///< runs whose `<metric>.running` fraction is below 1
};

/// The values one condition column (kConditionColumns, or kernel_release)
/// took in a set's measured runs: distinct, in order of appearance, each
/// with the "file:line" where it first appeared.
struct ConditionValues {
  std::vector<std::string> values;
  std::vector<std::string> first_at;
};

/// A series to compare: the measured rows of one label (of one kernel
/// release) gathered from one or more files.
struct CompareSet {
  std::string label;
  /// What the runs ran (a results CSV's `command` cell, hyperfine's
  /// command) when it is known and not the label: -v and the HTML report
  /// show it beside a short name.
  std::string command;
  std::vector<std::string> files;
  std::map<std::string, MetricSeries, std::less<>> metrics;
  int runs = 0;  ///< measured rows used (counting runs among them)
  /// Of those, counting runs (`role` count): they give only the metrics the
  /// timing runs leave empty (the counters that cost the command per event).
  int counting_runs = 0;
  int warmup_runs = 0;  ///< left out: warm-up
  int failed_runs = 0;  ///< left out: a non-zero status, a signal or a timeout
  /// The `run` cell of each measured run used (runs of them), and of each
  /// warm-up run, in file order; the row's position in the set when the file
  /// has no `run` column.
  std::vector<long> run_numbers, warmup_run_numbers;
  /// Of each measured run (as run_numbers): its `boot_id` and `host` cells
  /// (empty when the file has none) and its `start` in seconds since the
  /// epoch (NaN when unknown): the levels of the mixed model and the costs
  /// `timeit plan` measures.
  std::vector<std::string> run_boots, run_hosts;
  /// Of each measured run: "file:line" (or "file:place"), for warnings; once
  /// a run, not once a value of each metric.
  std::vector<std::string> run_where;
  std::vector<double> run_starts;
  /// Of each measured run (as run_numbers): its file (an index into files)
  /// and its label cell as written, where the run's profile is looked up.
  std::vector<std::size_t> run_files;
  std::vector<std::string> run_labels;
  /// Metrics the file says are better when higher (its `higher_is_better`
  /// column, written for `--metric NAME=REGEX,higher`).
  std::vector<std::string> higher_is_better;
  /// Distinct values of the metadata columns, in order of appearance.
  std::vector<std::string> cpu_models, platforms, kernel_releases;
  std::vector<std::string> notes;  ///< distinct notes ("cycles: not permitted (...)")
  /// The conditions recorded with the measured runs, by column name; a
  /// column the set's files lack (an earlier timeit's) is absent, an empty
  /// cell is not a value.
  std::map<std::string, ConditionValues, std::less<>> conditions;
  /// Per host of the measured runs (runs without a `host` cell are not
  /// here), per machine column -- cpu_model, kernel_release and the
  /// conditions but boot_id and load1, which differ between any two boots
  /// -- the distinct values in order of appearance: what a fleet's hosts
  /// should agree in (conditions.h, HostDifferences).
  std::map<std::string, std::map<std::string, std::vector<std::string>, std::less<>>, std::less<>>
      host_values;
  bool split_by_release = false;  ///< one kernel release of a label (`label@release`)
  /// Rows of a timeit results file (it has `warmup` and `status`): one
  /// without conditions is an earlier timeit's, not another program's.
  bool timeit_rows = false;
};

/// Every set of the files given, and the union of their metrics in report
/// order (see MetricOrder).
struct CompareInput {
  std::vector<CompareSet> sets;
  std::vector<std::string> metrics;
  std::vector<std::string> counters;  ///< the metrics counted by perf (with a `.running` column)
};

/// The sets of `tables` (read by ReadCompareInputs, in the order of the
/// files given): a `label` column splits a table into sets, else the file's
/// stem is the label; a label in several files is one set per file, named by
/// the path without its extension (`before/build`, or `before/build:LABEL`
/// when the label is not the stem); a label whose rows in one file come from
/// several kernel releases (a series appended across a reboot) is one set per
/// release, `label@release`. Warm-up rows and failed runs are left out
/// (counted). Every numeric column that is not one of our metadata or
/// `.running` columns is a metric (MetricColumns); a column whose first value
/// is text is not. Things the user should know go to `notes`. Opens no file;
/// each table's rows are freed once its runs are in the sets.
///
/// Throws InputError naming the file (and line): text in a numeric column,
/// more than 7 sets (ministat's symbols), fewer than `min_sets` (none at all
/// for `timeit plan`'s pilot, which takes one).
CompareInput BuildCompareSets(std::vector<ResultsTable> tables, std::vector<std::string>& notes,
                              std::size_t min_sets = 2);

/// Sorts metric names into report order: real, user, sys; then counters (our
/// counter metrics, or any column with a `.running` companion), in the order
/// given; then the derived ipc and icache-mpki; then the rest, in the order
/// given. `counters` names columns known to have a `.running` companion.
void MetricOrder(std::vector<std::string>& metrics, const std::vector<std::string>& counters);

/// False for metrics where a higher value is better: ipc, and what any set's
/// file lists in its `higher_is_better` column; true otherwise:
/// times and counts, and any column we do not know.
bool LowerIsBetter(const std::string& metric);
bool LowerIsBetter(const CompareInput& in, const std::string& metric);

}  // namespace timeit
