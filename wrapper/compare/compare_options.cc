#include "wrapper/compare/compare_options.h"

#include <string>

#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/option_parser.h"
#include "wrapper/base/plot_width.h"

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

std::vector<std::string> ReadMetrics(const std::string& v) {
  std::vector<std::string> metrics = SplitAtCommas(v);
  if (metrics.empty()) throw BadValue("-m", "metric names, e.g. -m real,sys", v);
  return metrics;
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
  add("metrics,m", ReadEach(&o->metrics, "LIST", ReadMetrics),
      "only these metrics, comma-separated, in this order; repeatable");
  add("csv", Read(&o->csv, "FILE", FileNameOf("--csv")),
      "also write the summary as CSV ('-' is stdout)");
  add("json", Read(&o->json, "FILE", FileNameOf("--json")),
      "also write the sets in hyperfine's --export-json format");
  add("html", Read(&o->html, "FILE", FileNameOf("--html")),
      "also write a self-contained HTML report with charts");
  add("help,h", po::bool_switch(&o->help), "this text");
  add("files", po::value(&o->files), "");  // positional: not in the help
  return d;
}

}  // namespace

std::string CompareUsage() {
  return "usage: timeit compare [-s] [-c CONF] [-w WIDTH] [-m METRIC,...] [--csv FILE]\n"
         "                      [--json FILE] [--html FILE] FILE...\n"
         "Compares series of runs, metric by metric, as FreeBSD's ministat would, then\n"
         "sums them up. The first set is the baseline. A 'label' column splits a file\n"
         "into sets; otherwise a file is one set named by its stem. Warm-up and failed\n"
         "runs are left out.\n\noptions:\n" +
         FormatOptionHelp(MakeOptions(nullptr));
}

CompareOptions ParseCompareOptions(int argc, char** argv) {
  CompareOptions o;
  const po::variables_map vm = ParseOptions(
      std::vector<std::string>(argv + std::min(argc, 1), argv + argc), MakeOptions(&o), kSyntax);
  o.width_given = vm.count("width") > 0;
  if (o.files.empty() && !o.help)
    throw UsageError("compare: no files to compare (" + kSyntax.help_hint + ")");
  return o;
}

}  // namespace timeit
