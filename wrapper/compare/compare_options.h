#pragma once

#include <string>
#include <utility>
#include <vector>

#include "stats/ministat_report.h"
#include "stats/verdict.h"
#include "wrapper/base/option_word.h"
#include "wrapper/compare/verdicts/judge.h"
#include "wrapper/ministat/ministat_reader.h"

namespace timeit {

/// What `timeit compare` was asked to do.
struct CompareOptions {
  stats::MinistatOptions report;     ///< -c, -w, -s; width only meaningful when width_given
  bool width_given = false;          ///< -w; otherwise the terminal decides, as for ministat
  std::vector<std::string> metrics;  ///< -m, split at commas; empty: every metric with data
  std::string csv;                   ///< --csv FILE ("-" is stdout); empty: none
  std::string json;                  ///< --json FILE: hyperfine's export format; empty: none
  std::string html;                  ///< --html FILE: the self-contained report; empty: none
  std::string markdown;              ///< --export-markdown FILE: the summary as a table
  /// The run mode's sets as given (--config, --command, a scan's values):
  /// compare takes them in this order, whatever order --order random ran
  /// them in (a file's sets are in the order of their first rows), so that
  /// the first given is the baseline and a scan's table goes by its values.
  /// Not an option of compare's own.
  std::vector<std::string> set_order;
  /// --name OLD=NEW (-l), repeatable: a set's name in every report
  std::vector<std::pair<std::string, std::string>> names;
  /// --time-unit: the unit of the time metrics in the summary and the
  /// Markdown table ("s", "ms", "us"); the blocks and --csv keep seconds
  std::string time_unit = "s";
  std::vector<std::string> files;
  ColumnFormat plain_columns;  ///< -C and -d: how plain number files are read, as by ministat
  /// --threshold PCT: changes within PCT% of the baseline mean do not count
  /// (stats::Judge); 0 turns the threshold off.
  double threshold_percent = 1;
  /// --fail-on: exit 1 when a verdict is one of these, the differences
  /// (worse, better, below threshold) judged over every gated metric (JudgeGate)
  std::vector<stats::Verdict> fail_on;
  TestChoice test = TestChoice::kAuto;  ///< --test
  bool all_metrics = false;  ///< --all-metrics: every metric, not only times and counters
  bool verbose = false;      ///< -v: p-values of every test, each outlier
  bool quiet = false;        ///< -q: no report (the CSV and warnings only)
  /// --bisect: instead of the report, one line, and `git bisect run`'s exit
  /// status (verdicts/bisect.h)
  bool bisect = false;
  bool help = false;
  /// "Where the difference is" (profiles, from --profile): the functions
  /// shown per set (--top N), every function's row (--profile-csv FILE),
  /// the sidecars when not beside the CSVs (--profile-files, one per file),
  /// and --profile-total: each function's time with what it calls.
  std::size_t top = 10;
  std::string profile_csv;
  std::vector<std::string> profile_files;
  bool profile_total = false;
};

/// Parses -m's list ("real,sys"; the run mode's --compare-metrics): the
/// names, at least one. Throws UsageError naming `option`.
std::vector<std::string> ParseMetricList(const std::string& option, const std::string& list);

/// Parses --fail-on's list ("worse,inconclusive"): the verdicts named,
/// "below-threshold" for below threshold. Throws UsageError naming `option`.
std::vector<stats::Verdict> ParseFailOn(const std::string& option, const std::string& list);

/// The metric a plain number file's values are: -m's when it names one,
/// else "value".
std::string PlainMetric(const CompareOptions& options);
/// Parses --test's value: auto, welch or student. Throws UsageError naming `option`.
TestChoice ParseTestChoice(const std::string& option, const std::string& value);

/// Parses --name's OLD=NEW. Throws UsageError naming `option`.
std::pair<std::string, std::string> ParseRename(const std::string& option, const std::string& v);

/// Parses --time-unit's value: s, ms or us. Throws UsageError naming `option`.
std::string ParseTimeUnit(const std::string& option, const std::string& value);

/// The usage text, newline included.
std::string CompareUsage();

/// The options' words, for `timeit completion`.
OptionWords CompareOptionWords();

/// Parses `timeit compare` arguments (argv[0] is the subcommand's name) with
/// Boost.Program_options: -c CONF, -w WIDTH, -m LIST (repeatable), --csv
/// FILE, attached (-w80, --csv=x.csv) or separate; -s; -h/--help; "--" ends
/// the options. Options may follow file names, as with ministat. Throws
/// UsageError.
CompareOptions ParseCompareOptions(int argc, char** argv);

}  // namespace timeit
