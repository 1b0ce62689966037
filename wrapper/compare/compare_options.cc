#include "wrapper/compare/compare_options.h"

#include <charconv>
#include <string_view>

#include "wrapper/base/errors.h"
#include "wrapper/base/parse_whole.h"

namespace timeit {
namespace {

[[noreturn]] void Bad(const std::string& why) {
  throw UsageError("compare: " + why + " (see timeit compare --help)");
}

void SplitMetrics(std::string_view list, std::vector<std::string>& out) {
  while (true) {
    const std::size_t comma = std::min(list.find(','), list.size());
    if (comma > 0) out.emplace_back(list.substr(0, comma));
    if (comma == list.size()) break;
    list.remove_prefix(comma + 1);
  }
}

/// Applies option `name` ("-c", "--csv", ...) with `value`.
void Apply(std::string_view name, const std::string& value, CompareOptions& o) {
  const std::string quoted = "'" + value + "'";
  if (name == "-c" || name == "--confidence") {
    double c = 0;
    if (!ParseWhole(value, c) || !(c > 0 && c < 100))
      Bad("-c wants a confidence level between 0 and 100 (percent), not " + quoted);
    o.report.confidence_percent = c;
  } else if (name == "-w" || name == "--width") {
    if (!ParseWhole(value, o.report.width) || o.report.width < 2 || o.report.width > kMaxPlotWidth)
      Bad("-w wants a plot width from 2 to " + std::to_string(kMaxPlotWidth) + ", not " + quoted);
    o.width_given = true;
  } else if (name == "-m" || name == "--metrics") {
    SplitMetrics(value, o.metrics);
    if (o.metrics.empty()) Bad("-m wants metric names, e.g. -m real,sys");
  } else {  // --csv, --json, --html
    if (value.empty()) Bad(std::string(name) + " wants a file name");
    (name == "--csv" ? o.csv : name == "--json" ? o.json : o.html) = value;
  }
}

bool TakesValue(std::string_view name) {
  return name == "-c" || name == "-w" || name == "-m" || name == "--confidence" ||
         name == "--width" || name == "--metrics" || name == "--csv" || name == "--json" ||
         name == "--html";
}

}  // namespace

const char* CompareUsage() {
  return "usage: timeit compare [-s] [-c CONF] [-w WIDTH] [-m METRIC,...] [--csv FILE]\n"
         "                      [--json FILE] [--html FILE] FILE...\n"
         "Compares series of runs, metric by metric, as FreeBSD's ministat would, then\n"
         "sums them up. The first set is the baseline. A 'label' column splits a file\n"
         "into sets; otherwise a file is one set named by its stem. Warm-up and failed\n"
         "runs are left out.\n"
         "  -c CONF       confidence level in percent (default 95)\n"
         "  -w WIDTH      plot width (default 74, or the terminal's width)\n"
         "  -s            one mean/median bar per set in the plots\n"
         "  -m LIST       only these metrics, comma-separated, in this order\n"
         "  --csv FILE    also write the summary as CSV ('-' is stdout)\n"
         "  --json FILE   also write the sets in hyperfine's --export-json format\n"
         "  --html FILE   also write a self-contained HTML report with charts\n"
         "  -h, --help    this text\n";
}

CompareOptions ParseCompareOptions(int argc, char** argv) {
  CompareOptions o;
  bool options_end = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (options_end || a.size() < 2 || a[0] != '-') {
      o.files.emplace_back(a);
      continue;
    }
    if (a == "--") {
      options_end = true;
    } else if (a == "-h" || a == "--help") {
      o.help = true;
    } else if (a == "-s" || a == "--separate-bars") {
      o.report.separate_bars = true;
    } else if (const std::size_t eq = a.find('=');
               a.starts_with("--") && eq != std::string_view::npos && TakesValue(a.substr(0, eq))) {
      Apply(a.substr(0, eq), std::string(a.substr(eq + 1)), o);
    } else if (TakesValue(a)) {
      if (i + 1 >= argc) Bad("option '" + std::string(a) + "' needs a value");
      Apply(a, argv[++i], o);
    } else if (!a.starts_with("--") && TakesValue(a.substr(0, 2))) {  // -w80
      Apply(a.substr(0, 2), std::string(a.substr(2)), o);
    } else {
      Bad("unknown option '" + std::string(a) + "'");
    }
  }
  if (o.files.empty() && !o.help) Bad("no files to compare");
  return o;
}

}  // namespace timeit
