#include "wrapper/compare/sets/compare_sets.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>

#include "platforms/metric_name.h"
#include "platforms/metrics.h"
#include "stats/ministat_plot.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/input/read_input.h"
#include "wrapper/compare/sets/scan_labels.h"
#include "wrapper/results/metric_columns.h"
#include "wrapper/results/metric_units.h"
#include "wrapper/results/results_columns.h"
#include "wrapper/results/results_csv_reader.h"
#include "wrapper/results/results_notes.h"
#include "wrapper/results/start_cell.h"

namespace timeit {
namespace {

/// The `run` cell as a number; `ordinal` when it is missing or not a whole number.
long RunNumber(std::string_view cell, long ordinal) {
  long n = 0;
  return ParseWhole(cell, n) ? n : ordinal;
}

void AddDistinct(std::vector<std::string>& list, const std::string& value) {
  if (!value.empty() && std::find(list.begin(), list.end(), value) == list.end())
    list.push_back(value);
}

std::string Cell(const ResultsTable& t, std::size_t row, std::optional<std::size_t> column) {
  return column ? std::string(Trim(t.rows[row][*column])) : std::string();
}

/// Adds row `r`'s conditions (and kernel release) to `set`: the columns of
/// `t` that are there, empty cells left out.
void RecordConditions(const ResultsTable& t, std::size_t r, CompareSet& set) {
  const auto record = [&](std::string_view name) {
    const auto column = t.Column(name);
    if (!column) return;
    ConditionValues& c = set.conditions[std::string(name)];
    const std::string value = Cell(t, r, column);
    if (value.empty() || std::find(c.values.begin(), c.values.end(), value) != c.values.end())
      return;
    c.values.push_back(value);
    c.first_at.push_back(t.Where(r));
  };
  record("kernel_release");
  for (std::string_view name : kConditionColumns) record(name);
}

/// Adds row `r`'s CPU model, kernel release and conditions to its host's
/// values in `set`.
void RecordHostValues(const ResultsTable& t, std::size_t r, const std::string& host,
                      CompareSet& set) {
  if (host.empty()) return;
  auto& values = set.host_values[host];
  const auto record = [&](std::string_view name) {
    const std::string value = Cell(t, r, t.Column(name));
    if (value.empty()) return;
    auto it = values.find(name);
    if (it == values.end())
      it = values.emplace(std::string(name), std::vector<std::string>{}).first;
    AddDistinct(it->second, value);
  };
  record("cpu_model");
  record("kernel_release");
  for (std::string_view name : kConditionColumns)
    if (name != "boot_id" && name != "load1") record(name);
}

std::string LabelOf(const ResultsTable& t, std::size_t row) {
  std::string label = Cell(t, row, t.Column("label"));
  return label.empty() ? std::filesystem::path(t.file).stem().string() : label;
}

/// Where each label occurs: the files, and per file the kernel releases and
/// the hosts.
struct LabelSpread {
  std::vector<std::string> files;
  std::map<std::string, std::vector<std::string>> releases;  ///< by file
  std::map<std::string, std::vector<std::string>> hosts;     ///< by file; "" when not said

  /// Whether the label's files are one series measured on several machines:
  /// each file's runs name their host, and no host is in two files (a fleet's
  /// results/HOST/series.csv). Then they are one set whose runs the mixed
  /// model groups by host, then boot. Files of the label from one host
  /// (before/ and after/ on the same machine) stay a set each.
  bool FromSeveralHosts() const {
    if (files.size() < 2) return false;
    std::vector<std::string> seen;
    for (const auto& [file, names] : hosts)
      for (const std::string& host : names) {
        if (host.empty() || std::find(seen.begin(), seen.end(), host) != seen.end()) return false;
        seen.push_back(host);
      }
    return true;
  }
};
using LabelSpreads = std::map<std::string, LabelSpread>;

/// The set a row belongs to: its label, made distinct by the file when the
/// label is in several files of one host (before/build.csv and
/// after/build.csv are two sets, "before/build" and "after/build"), and by
/// the kernel release when one file holds the label's runs on several
/// kernels ("build@6.2.0").
std::string SetKey(const ResultsTable& t, const std::string& label, const std::string& kernel,
                   const LabelSpreads& spreads) {
  const LabelSpread& spread = spreads.at(label);
  std::string key = label;
  if (spread.files.size() > 1 && !spread.FromSeveralHosts()) {
    std::filesystem::path path(t.file);
    const std::string stem = path.stem().string();
    key = path.replace_extension().string() + (label == stem ? "" : ":" + label);
  }
  if (spread.releases.at(t.file).size() > 1) key += "@" + kernel;
  return key;
}

/// The columns of one table that its rows are read through.
struct TableColumns {
  std::vector<std::size_t> metrics;
  /// Each metric's factor from the table's unit into the one a reader sees
  /// (metric_units.h: task-clock's nanoseconds into seconds), so that the
  /// blocks, the summary, the charts and the exports show one unit.
  std::vector<double> scale;
  std::vector<std::optional<std::size_t>> running;  ///< each metric's `.running`, if any
  std::optional<std::size_t> warmup, status, release, cpu, platform, notes, run, higher;
  std::optional<std::size_t> boot, host, start, command, role;
  /// Per metric: whether a counting row gives it, i.e. no timing row of the
  /// table has a value for it (a timing run leaves out the counters that
  /// cost per event, and a counting run's times are slowed by them).
  std::vector<bool> from_counting_rows;
};

/// The cell that says a row is a counting run.
bool IsCountingRow(const ResultsTable& t, std::size_t row, const TableColumns& c) {
  return c.role && Trim(t.rows[row][*c.role]) == kCountingRole;
}

TableColumns FindColumns(const ResultsTable& t) {
  TableColumns c;
  c.metrics = MetricColumns(t);
  for (std::size_t m : c.metrics) {
    c.running.push_back(t.Column(RunningColumn(t.columns[m])));
    c.scale.push_back(t.in_display_units ? 1 : DisplayUnitOf(t.columns[m]).per_csv_unit);
  }
  c.warmup = t.Column("warmup"), c.status = t.Column("status");
  c.release = t.Column("kernel_release"), c.cpu = t.Column("cpu_model");
  c.platform = t.Column("platform"), c.notes = t.Column("notes");
  c.run = t.Column("run"), c.higher = t.Column(kHigherIsBetterColumn);
  c.boot = t.Column("boot_id"), c.host = t.Column("host"), c.start = t.Column("start");
  c.command = t.Column("command");
  c.role = t.Column(kRoleColumn);
  for (std::size_t m : c.metrics) {
    bool timed = false;
    for (std::size_t r = 0; r < t.rows.size() && !timed && c.role; ++r)
      timed = Trim(t.rows[r][*c.role]) == kTimingRole && !IsEmptyCell(t.rows[r][m]);
    c.from_counting_rows.push_back(c.role && !timed);
  }
  return c;
}

/// The metrics a `higher_is_better` cell names, separated by spaces.
void AddHigherIsBetter(std::string_view names, CompareSet& set) {
  while (!names.empty()) {
    const std::size_t end = std::min(names.find(' '), names.size());
    AddDistinct(set.higher_is_better, std::string(names.substr(0, end)));
    names.remove_prefix(std::min(end + 1, names.size()));
  }
}

/// A warm-up row's values: kept for the runs-in-order chart only.
void AddWarmupRun(const ResultsTable& t, std::size_t r, const TableColumns& c, long run_number,
                  CompareSet& set) {
  set.warmup_run_numbers.push_back(run_number);
  for (std::size_t i = 0; i < c.metrics.size(); ++i) {
    const std::optional<double> v = ParseMetricCell(t, r, c.metrics[i]);
    if (!v || !std::isfinite(*v)) continue;  // a measured run's bad cell is the error
    MetricSeries& series = set.metrics[t.columns[c.metrics[i]]];
    series.warmup_values.push_back(*v * c.scale[i]);
    series.warmup_index.push_back(set.warmup_run_numbers.size() - 1);
  }
  ++set.warmup_runs;
}

/// A measured row's values, with where they came from and whether the
/// counter ran for the whole run.
void AddMeasuredValues(const ResultsTable& t, std::size_t r, const TableColumns& c,
                       CompareSet& set) {
  const bool counting = IsCountingRow(t, r, c);
  const bool timing = c.role && Trim(t.rows[r][*c.role]) == kTimingRole;
  for (std::size_t i = 0; i < c.metrics.size(); ++i) {
    // Each metric from the runs that measured it as it is: the timing runs
    // give the times, the counting runs the counters they alone count.
    if ((counting && !c.from_counting_rows[i]) || (timing && c.from_counting_rows[i])) continue;
    MetricSeries& m = set.metrics[t.columns[c.metrics[i]]];
    const std::optional<double> v = ParseMetricCell(t, r, c.metrics[i], /*finite=*/true);
    if (!v) {
      ++m.empty_cells;
      continue;
    }
    m.values.push_back(*v * c.scale[i]);
    m.run_index.push_back(set.run_numbers.size() - 1);
    if (c.running[i]) {
      const std::optional<double> fraction = ParseMetricCell(t, r, *c.running[i]);
      if (fraction && *fraction < 0.9999) ++m.multiplexed;
    }
  }
}

class SetBuilder {
 public:
  explicit SetBuilder(std::vector<std::string>& notes) : notes_(notes) {}

  void AddTable(const ResultsTable& t, const LabelSpreads& spreads);
  CompareInput Finish(const std::string& last_file, std::size_t min_sets);

 private:
  CompareSet& SetFor(const ResultsTable& t, std::size_t row, const std::string& key);
  void AddRow(const ResultsTable& t, std::size_t r, const TableColumns& c,
              const LabelSpreads& spreads);

  /// The sets whose rows say their place in a random-order series' given
  /// order (GivenOrderNote) back in that order, among the places they hold.
  void PutInGivenOrder();

  std::vector<std::string>& notes_;
  CompareInput in_;
  std::vector<std::string> counters_;
  std::vector<std::string> files_;  ///< in the order read
  /// Per set key, (its first file's place in files_, its place as given).
  std::map<std::string, std::pair<std::size_t, std::size_t>> given_order_;
};

CompareSet& SetBuilder::SetFor(const ResultsTable& t, std::size_t row, const std::string& key) {
  for (CompareSet& s : in_.sets) {
    if (s.label != key) continue;
    if (std::find(s.files.begin(), s.files.end(), t.file) == s.files.end()) {
      notes_.push_back("label '" + key + "' is in " + s.files.front() + " and " + t.file +
                       (s.run_hosts.empty() || s.run_hosts.front() == Cell(t, row, t.Column("host"))
                            ? ": compared as one set"
                            : ", measured on other hosts: compared as one set, the host a level"));
      s.files.push_back(t.file);
    }
    return s;
  }
  if (in_.sets.size() >= stats::kMaxDataSets) {
    // Beyond ministat's 7 only a parameter scan, read as its table.
    std::vector<std::string> labels;
    for (const CompareSet& s : in_.sets) labels.push_back(s.label);
    labels.push_back(key);
    const std::string nth =
        "set " + std::to_string(in_.sets.size() + 1) + " (" + QuoteForMessage(key) + ")";
    if (in_.sets.size() == stats::kMaxDataSets && !IsScan(labels))
      throw InputError(t.file, t.lines[row],
                       "an 8th set (" + QuoteForMessage(key) +
                           "): compare takes at most 7, as ministat has 7 symbols");
    if (!IsScan(labels))
      throw InputError(
          t.file, t.lines[row],
          nth + " after " + std::to_string(in_.sets.size()) + " values of " +
              ScanParameterOf(labels.front()) + ": compare takes at most 7 sets, or up to " +
              std::to_string(kMaxScanValues) + " values of one parameter scan (labels NAME=VALUE)");
    if (in_.sets.size() == kMaxScanValues)
      throw InputError(
          t.file, t.lines[row],
          nth + ": a parameter scan takes at most " + std::to_string(kMaxScanValues) + " values");
  }
  in_.sets.push_back(CompareSet{});
  in_.sets.back().label = key;
  in_.sets.back().files.push_back(t.file);
  return in_.sets.back();
}

/// One row into its set: a warm-up run, a failed run (counted only) or a
/// measured run with its machine, conditions, notes and values.
void SetBuilder::AddRow(const ResultsTable& t, std::size_t r, const TableColumns& c,
                        const LabelSpreads& spreads) {
  const std::string label = LabelOf(t, r);
  const std::string kernel = Cell(t, r, c.release);
  CompareSet& set = SetFor(t, r, SetKey(t, label, kernel, spreads));
  for (std::size_t m : c.metrics) set.metrics[t.columns[m]].has_column = true;
  set.timeit_rows |= c.warmup && c.status;
  AddHigherIsBetter(Cell(t, r, c.higher), set);
  const long run_number =
      RunNumber(Cell(t, r, c.run), set.runs + set.warmup_runs + set.failed_runs + 1);
  const std::string warm = Cell(t, r, c.warmup), stat = Cell(t, r, c.status);
  if (warm == "1" || warm == "true") {
    AddWarmupRun(t, r, c, run_number, set);
    return;
  }
  if (!stat.empty() && stat != "0") {
    ++set.failed_runs;
    return;
  }
  ++set.runs;
  if (IsCountingRow(t, r, c)) ++set.counting_runs;
  set.run_numbers.push_back(run_number);
  set.run_boots.push_back(Cell(t, r, c.boot));
  set.run_hosts.push_back(Cell(t, r, c.host));
  set.run_where.push_back(t.Where(r));
  set.run_starts.push_back(ParseStartCell(Cell(t, r, c.start)).value_or(std::nan("")));
  set.run_files.push_back(static_cast<std::size_t>(
      std::find(set.files.begin(), set.files.end(), t.file) - set.files.begin()));
  set.run_labels.push_back(label);
  AddDistinct(set.cpu_models, Cell(t, r, c.cpu));
  AddDistinct(set.platforms, Cell(t, r, c.platform));
  AddDistinct(set.kernel_releases, kernel);
  RecordConditions(t, r, set);
  RecordHostValues(t, r, set.run_hosts.back(), set);
  if (set.command.empty()) set.command = Cell(t, r, c.command);
  set.split_by_release |= spreads.at(label).releases.at(t.file).size() > 1;
  if (c.notes)
    for (const std::string& note : SplitNotes(t.rows[r][*c.notes])) AddDistinct(set.notes, note);
  AddMeasuredValues(t, r, c, set);
}

void SetBuilder::PutInGivenOrder() {
  std::vector<std::size_t> places;
  std::vector<CompareSet> ordered;
  for (std::size_t i = 0; i < in_.sets.size(); ++i)
    if (given_order_.count(in_.sets[i].label) != 0) {
      places.push_back(i);
      ordered.push_back(std::move(in_.sets[i]));
    }
  std::stable_sort(ordered.begin(), ordered.end(),
                   [this](const CompareSet& a, const CompareSet& b) {
                     return given_order_.at(a.label) < given_order_.at(b.label);
                   });
  for (std::size_t i = 0; i < places.size(); ++i) in_.sets[places[i]] = std::move(ordered[i]);
}

void SetBuilder::AddTable(const ResultsTable& t, const LabelSpreads& spreads) {
  const TableColumns columns = FindColumns(t);
  for (std::size_t i = 0; i < columns.metrics.size(); ++i) {
    AddDistinct(in_.metrics, t.columns[columns.metrics[i]]);
    if (columns.running[i]) AddDistinct(counters_, t.columns[columns.metrics[i]]);
  }
  files_.push_back(t.file);
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    AddRow(t, r, columns, spreads);
    if (!columns.notes) continue;
    // A set's first row (warm-up or failed runs included) says its place.
    const std::string key = SetKey(t, LabelOf(t, r), Cell(t, r, columns.release), spreads);
    if (given_order_.count(key) != 0) continue;
    for (const std::string& note : SplitNotes(t.rows[r][*columns.notes]))
      if (const std::size_t position = GivenOrderOf(note); position != 0)
        given_order_[key] = {files_.size() - 1, position};
  }
}

CompareInput SetBuilder::Finish(const std::string& last_file, std::size_t min_sets) {
  if (in_.sets.size() < std::max<std::size_t>(min_sets, 1))
    throw InputError(last_file, 0,
                     in_.sets.empty() ? std::string("no runs to compare")
                                      : "only one set (" + QuoteForMessage(in_.sets.front().label) +
                                            "); compare wants two or more: several files, or a "
                                            "label column with several labels");
  PutInGivenOrder();
  for (CompareSet& s : in_.sets)
    if (s.command == s.label) s.command.clear();
  MetricOrder(in_.metrics, counters_);
  in_.counters = std::move(counters_);
  return std::move(in_);
}

}  // namespace

CompareInput BuildCompareSets(std::vector<ResultsTable> tables, std::vector<std::string>& notes,
                              std::size_t min_sets) {
  LabelSpreads spreads;
  for (const ResultsTable& t : tables) {
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      LabelSpread& spread = spreads[LabelOf(t, r)];
      AddDistinct(spread.files, t.file);
      std::vector<std::string>& releases = spread.releases[t.file];
      const std::string release = Cell(t, r, t.Column("kernel_release"));  // may be empty
      if (std::find(releases.begin(), releases.end(), release) == releases.end())
        releases.push_back(release);
      AddDistinct(spread.hosts[t.file], Cell(t, r, t.Column("host")));
    }
  }
  SetBuilder builder(notes);
  for (ResultsTable& t : tables) {
    builder.AddTable(t, spreads);
    // Its cells are in the sets now: a fleet's tables are most of the memory.
    std::vector<std::vector<std::string>>().swap(t.rows);
  }
  return builder.Finish(tables.empty() ? std::string("compare") : tables.back().file, min_sets);
}

namespace {

std::string BaseName(std::string_view metric) {
  return platforms::MetricBaseName(metric, platforms::MetricTarget::kDrop);
}

}  // namespace

void MetricOrder(std::vector<std::string>& metrics, const std::vector<std::string>& counters) {
  const auto rank = [&](const std::string& m) -> std::pair<int, std::size_t> {
    const std::string base = BaseName(m);
    for (std::size_t i = 0; i < kTimeColumns.size(); ++i)
      if (m == kTimeColumns[i]) return {0, i};
    for (std::size_t i = 0; i < kDerivedMetrics.size(); ++i)
      if (base == kDerivedMetrics[i].name) return {2, i};
    const bool counter = platforms::FindMetric(base).has_value() ||
                         std::find(counters.begin(), counters.end(), m) != counters.end();
    return {counter ? 1 : 3, 0};
  };
  std::stable_sort(metrics.begin(), metrics.end(),
                   [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
}

bool LowerIsBetter(const std::string& metric) { return !HigherIsBetterByName(metric); }

bool LowerIsBetter(const CompareInput& in, const std::string& metric) {
  // Any set's file is enough: "lower" is the default and is not written, so
  // a file that does not list the metric does not contradict one that does.
  for (const CompareSet& s : in.sets)
    if (std::find(s.higher_is_better.begin(), s.higher_is_better.end(), metric) !=
        s.higher_is_better.end())
      return false;
  return LowerIsBetter(metric);
}

}  // namespace timeit
