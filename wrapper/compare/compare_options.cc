#include "wrapper/compare/compare_options.h"

#include <algorithm>
#include <string>
#include <utility>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/option_parser.h"
#include "wrapper/base/plot_width.h"
#include "wrapper/base/text.h"

namespace timeit {
namespace {

const OptionSyntax kSyntax{.positional = "files",
                           .stop_at_first_positional = false,  // as with ministat
                           .context = "compare",
                           .help_hint = "see timeit compare --help"};

double ReadConfidence(const std::string& v) {
  return DoubleValue("-c", v, 0, "a confidence level between 0 and 100 (percent)", 100);
}

int ReadWidth(const std::string& v) {
  return WholeValue("-w", v, 2, "a plot width from 2 to " + std::to_string(kMaxPlotWidth),
                    kMaxPlotWidth);
}

double ReadThreshold(const std::string& v) {
  double t = 0;
  if (!ParseFinite(v, t) || t < 0)
    throw BadValue("--threshold", "a percentage of the baseline mean, 0 or more (0: none)", v);
  return t;
}

int ReadColumn(const std::string& v) { return WholeValue("-C", v, 1, "a column number from 1 up"); }

std::string ReadDelimiters(const std::string& v) {
  if (v.empty()) throw BadValue("-d", "at least one delimiter character", v);
  return v;
}

std::size_t ReadTop(const std::string& v) {
  return WholeValue<std::size_t>("--top", v, 1, "a positive number of functions");
}

/// A reader of `option`'s file name, which may not be empty.
ReadValue<std::string>::Reader FileNameOf(const char* option) {
  return [option](const std::string& v) {
    if (v.empty()) throw BadValue(option, "a file name", v);
    return v;
  };
}

/// The options, storing into `o`; `o` may be null for the help text only.
po::options_description MakeOptions(CompareOptions* o) {
  static CompareOptions ignored;
  if (o == nullptr) o = &ignored;
  po::options_description d;
  auto add = d.add_options();
  add("confidence,c", Read(&o->report.confidence_percent, "CONF", ReadConfidence),
      "confidence level in percent (default 95)");
  add("width,w", Read(&o->report.width, "WIDTH", ReadWidth),
      "plot width (default 74, or the terminal's width)");
  add("separate-bars,s", po::bool_switch(&o->report.separate_bars),
      "one mean/median bar per set in the plots");
  add("metrics,m",
      ReadEach(&o->metrics, "METRIC,...",
               [](const std::string& v) { return ParseMetricList("-m", v); }),
      "only these metrics, comma-separated, in this order; repeatable");
  add("column,C", Read(&o->plain_columns.column, "COLUMN", ReadColumn),
      "plain number files: the column to read, from 1 (default 1), as ministat's -C");
  add("delimiters,d", Read(&o->plain_columns.delimiters, "DELIMITERS", ReadDelimiters),
      "plain number files: the delimiter characters (default space and tab), as ministat's -d");
  add("all-metrics", po::bool_switch(&o->all_metrics),
      "every metric in the blocks and the summary (default: the times, the counters and metrics of "
      "other programs; not maxrss, minflt, ..., nor the cgroup's psi-cpu, cgroup-user, ...)");
  add("threshold", Read(&o->threshold_percent, "PCT", ReadThreshold),
      "changes within PCT% of the baseline mean do not count (default 1; 0: none)");
  add("fail-on",
      ReadEach(&o->fail_on, "VERDICT,...",
               [](const std::string& v) { return ParseFailOn("--fail-on", v); }),
      "exit 1 when a verdict is one of these: worse, better, inconclusive, below-threshold, "
      "same, constant, no-difference; worse, better and below-threshold only where Holm's "
      "correction over the metrics gated keeps them");
  add("bisect", po::bool_switch(&o->bisect),
      "one line instead of the report, and the exit status git bisect run reads: 0 no metric "
      "is worse than the baseline, 1 one is, 125 inconclusive or a condition differs, 128 "
      "timeit failed");
  add("test",
      Read(&o->test, "TEST", [](const std::string& v) { return ParseTestChoice("--test", v); }),
      "the test behind the verdicts and intervals: auto (default: the mixed model over boots "
      "when a set's runs span boots, else Welch's t), welch, or student (ministat's pooled t)");
  add("csv", Read(&o->csv, "FILE", FileNameOf("--csv")),
      "also write the summary as CSV ('-' is stdout, and the report goes to stderr)");
  add("json", Read(&o->json, "FILE", FileNameOf("--json")),
      "also write the sets in hyperfine's --export-json format");
  add("html", Read(&o->html, "FILE", FileNameOf("--html")),
      "also write a self-contained HTML report with charts");
  add("export-markdown", Read(&o->markdown, "FILE", FileNameOf("--export-markdown")),
      "also write the summary as a Markdown table, as for a pull request ('-' is stdout)");
  add("name,l",
      ReadEach(&o->names, "OLD=NEW",
               [](const std::string& v) { return std::vector{ParseRename("--name", v)}; }),
      "call set OLD (its label, file stem or command) NEW in every report; repeatable");
  add("time-unit",
      Read(&o->time_unit, "UNIT",
           [](const std::string& v) { return ParseTimeUnit("--time-unit", v); }),
      "the unit of the times in the summary and the Markdown table: s (default), ms or us");
  add("top", Read(&o->top, "N", ReadTop),
      "with profiles (run mode's --profile): the N functions that changed most per set "
      "(default 10)");
  add("profile-csv", Read(&o->profile_csv, "FILE", FileNameOf("--profile-csv")),
      "write every function's comparison as CSV ('-' is stdout)");
  add("profile-files", ReadEach(&o->profile_files, "FILE,...", SplitAtCommas),
      "the profiles of the results files, one per file in order (default: X.profile.csv "
      "beside each X.csv)");
  add("profile-total", po::bool_switch(&o->profile_total),
      "compare each function's time with what it calls (--profile-callers) instead of its own");
  add("verbose,v", po::bool_switch(&o->verbose),
      "the p-values of Student's t, Welch's t and Mann-Whitney's U (across boots also the "
      "boots, their share of the variance and the model's p); every outlying run");
  add("quiet,q", po::bool_switch(&o->quiet), "no report: the exports and the warnings only");
  add("help,h", po::bool_switch(&o->help), "this text");
  add("files", po::value(&o->files), "");  // positional: not in the help
  return d;
}

}  // namespace

OptionWords CompareOptionWords() { return WordsOf(MakeOptions(nullptr)); }

std::string CompareUsage() {
  return "usage: timeit compare [-s] [-c CONF] [-w WIDTH] [-m METRIC,...] [--all-metrics]\n"
         "                      [--threshold PCT] [--fail-on VERDICT,...] [--test TEST]\n"
         "                      [--bisect] [-v] [-q] [--csv FILE] [--json FILE] [--html FILE]\n"
         "                      [--export-markdown FILE] [--name OLD=NEW] [--time-unit UNIT]\n"
         "                      [-C COLUMN] [-d DELIMITERS] [--top N] [--profile-csv FILE]\n"
         "                      [--profile-files FILE,...] [--profile-total] FILE...\n"
         "Compares series of runs, metric by metric, as FreeBSD's ministat would, then\n"
         "sums them up. The first set is the baseline. A 'label' column splits a file\n"
         "into sets; otherwise a file is one set named by its stem. Warm-up and failed\n"
         "runs are left out. Each FILE is read by what it holds: a results CSV (ours or\n"
         "any CSV with a header row), plain numbers as ministat reads them (one set, the\n"
         "metric 'value' or -m's one name), hyperfine's --export-json, Google benchmark's\n"
         "--benchmark_out JSON (with repetitions), or timeit compare's own --json. Runs\n"
         "of a set that span boots (boot_id) are compared with the boot as the unit (a\n"
         "mixed model); see --test. Where the runs were profiled (timeit --profile), a\n"
         "last section says which functions' time changed, with intervals.\n"
         "\noptions:\n" +
         FormatOptionHelp(MakeOptions(nullptr));
}

std::string PlainMetric(const CompareOptions& options) {
  return options.metrics.size() == 1 ? options.metrics.front() : "value";
}

TestChoice ParseTestChoice(const std::string& option, const std::string& value) {
  if (value == "auto") return TestChoice::kAuto;
  if (value == "welch") return TestChoice::kWelch;
  if (value == "student") return TestChoice::kStudent;
  throw UsageError(option + ": no test " + QuoteForMessage(value) +
                   DidYouMean(value, {"auto", "welch", "student"}) +
                   "; there are: auto, welch, student");
}

std::pair<std::string, std::string> ParseRename(const std::string& option, const std::string& v) {
  const std::size_t eq = v.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
    throw BadValue(option, "OLD=NEW, a set's name and the name to call it", v);
  return {v.substr(0, eq), v.substr(eq + 1)};
}

std::string ParseTimeUnit(const std::string& option, const std::string& value) {
  if (value == "s" || value == "ms" || value == "us") return value;
  throw UsageError(option + ": no time unit " + QuoteForMessage(value) +
                   DidYouMean(value, {"s", "ms", "us"}) + "; there are: s, ms, us");
}

std::vector<std::string> ParseMetricList(const std::string& option, const std::string& list) {
  std::vector<std::string> metrics = SplitAtCommas(list);
  if (metrics.empty()) throw BadValue(option, "metric names, e.g. real,sys", list);
  return metrics;
}

std::vector<stats::Verdict> ParseFailOn(const std::string& option, const std::string& list) {
  static const std::vector<std::pair<std::string, stats::Verdict>> kNames = {
      {"worse", stats::Verdict::kWorse},
      {"better", stats::Verdict::kBetter},
      {"inconclusive", stats::Verdict::kInconclusive},
      {"below-threshold", stats::Verdict::kBelowThreshold},
      {"same", stats::Verdict::kSame},
      {"constant", stats::Verdict::kConstant},
      {"no-difference", stats::Verdict::kNoDifference}};
  std::vector<std::string> names;
  for (const auto& [name, verdict] : kNames) names.push_back(name);
  const std::vector<std::string> words = SplitAtCommas(list);
  if (words.empty()) throw BadValue(option, "verdicts, e.g. worse,inconclusive", list);
  std::vector<stats::Verdict> verdicts;
  for (const std::string& w : words) {
    const auto it = std::find(names.begin(), names.end(), w);
    if (it == names.end())
      throw UsageError(option + ": no verdict " + QuoteForMessage(w) + DidYouMean(w, names) +
                       "; there are: worse, better, inconclusive, below-threshold, same, "
                       "constant, no-difference");
    verdicts.push_back(kNames[static_cast<std::size_t>(it - names.begin())].second);
  }
  return verdicts;
}

CompareOptions ParseCompareOptions(int argc, char** argv) {
  CompareOptions o;
  const po::variables_map vm = ParseOptions(
      std::vector<std::string>(argv + std::min(argc, 1), argv + argc), MakeOptions(&o), kSyntax);
  o.width_given = vm.count("width") > 0;
  if (o.files.empty() && !o.help)
    throw UsageError("compare: no files to compare (" + kSyntax.help_hint + ")");
  if (o.bisect && !o.fail_on.empty())
    throw UsageError("compare: --bisect and --fail-on both set the exit status: give one");
  // Two exports on one stream would be one file no reader can split.
  std::vector<std::string> on_stdout;
  for (const auto& [option, file] :
       {std::pair{"--csv", &o.csv}, std::pair{"--json", &o.json}, std::pair{"--html", &o.html},
        std::pair{"--export-markdown", &o.markdown}})
    if (*file == "-") on_stdout.push_back(std::string(option) + " -");
  if (on_stdout.size() > 1)
    throw UsageError("compare: " + on_stdout[0] + " and " + on_stdout[1] +
                     (on_stdout.size() > 2 ? " and " + on_stdout[2] : std::string()) +
                     (on_stdout.size() > 3 ? " and " + on_stdout[3] : std::string()) +
                     ": only one export can go to stdout; give the others a file");
  return o;
}

}  // namespace timeit
