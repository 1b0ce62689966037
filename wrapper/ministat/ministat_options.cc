#include "wrapper/ministat/ministat_options.h"

#include <string_view>

#include "stats/ministat_plot.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/plot_width.h"

namespace timeit {
namespace {

[[noreturn]] void Bad(const std::string& why) {
  throw UsageError("ministat: " + why + " (see timeit ministat --help)");
}

/// Applies one value option; a bad value is BadValue's wording under "ministat: ".
void ApplyValueOption(char option, const std::string& value, MinistatCommandOptions& o) try {
  switch (option) {
    case 'C':
      o.format.column = WholeValue("-C", value, 1, "a column number from 1 up");
      return;
    case 'c':
      o.report.confidence_percent =
          DoubleValue("-c", value, 0, "a confidence level between 0 and 100 (percent)", 100);
      return;
    case 'd':
      if (value.empty()) throw BadValue("-d", "at least one delimiter character", value);
      o.format.delimiters = value;
      return;
    case 'w':
      o.report.width = WholeValue(
          "-w", value, 2, "a plot width from 2 to " + std::to_string(kMaxPlotWidth), kMaxPlotWidth);
      o.width_given = true;
      return;
  }
} catch (const UsageError& e) {
  Bad(e.what());
}

/// Handles one "-xyz" word starting at argv[i]; returns how many words it used.
int ParseOptionWord(int i, int argc, char** argv, MinistatCommandOptions& o) {
  const std::string_view word = argv[i];
  for (std::size_t k = 1; k < word.size(); ++k) {
    const char c = word[k];
    if (kMinistatValueOptions.find(c) != std::string_view::npos) {
      if (k + 1 < word.size()) {
        ApplyValueOption(c, std::string(word.substr(k + 1)), o);
        return 1;
      }
      if (i + 1 >= argc) Bad(std::string("-") + c + " needs a value");
      ApplyValueOption(c, argv[i + 1], o);
      return 2;
    }
    switch (c) {
      case 'A':
        o.report.no_plot = true;
        break;
      case 'n':
        o.report.summary_only = true;
        break;
      case 'P':
        o.report.population_stddev = true;
        break;
      case 'q':
        o.report.quiet = true;
        break;
      case 's':
        o.report.separate_bars = true;
        break;
      case 'h':
        o.usage_error = true;
        break;
      default:
        Bad(std::string("unknown option -") + c);
    }
  }
  return 1;
}

}  // namespace

const char* MinistatUsage() {
  return "usage: timeit ministat [-AnPqs] [-C column] [-c confidence] [-d delimiters] [-w width]\n"
         "                       [file ...]\n"
         "Compares data sets as FreeBSD's ministat does; no file or '-' reads standard input.\n"
         "  -A   statistics and differences only, no plot\n"
         "  -C   column to read, from 1 (default 1)\n"
         "  -c   confidence level in percent (default 95; 80 90 95 98 99 99.5 use\n"
         "       ministat's t table, other levels the exact t quantile)\n"
         "  -d   delimiter characters (default space and tab)\n"
         "  -n   summary statistics only, no plot and no test\n"
         "  -P   population standard deviation (divide by n), no test\n"
         "  -q   no legend and no table header\n"
         "  -s   one avg/median/stddev bar per data set\n"
         "  -w   plot width (default 74, or the terminal's width)\n";
}

// Not Boost.Program_options, unlike every other subcommand: this is a drop-in
// for ministat, whose options are POSIX getopt's ("-nAw80", "-qC2 -d,",
// options after file names as with glibc), and Boost groups, attaches and
// reports them otherwise.
MinistatCommandOptions ParseMinistatOptions(int argc, char** argv) {
  MinistatCommandOptions o;
  bool options_done = false;
  for (int i = 1; i < argc;) {
    const std::string_view word = argv[i];
    if (!options_done && word == "--help") {
      o.help = true;
      ++i;
    } else if (!options_done && word == "--") {
      options_done = true;
      ++i;
    } else if (!options_done && word.size() > 1 && word[0] == '-') {
      i += ParseOptionWord(i, argc, argv, o);
    } else {
      o.files.emplace_back(word);
      ++i;
    }
  }
  if (o.files.size() > stats::kMaxDataSets) {
    Bad("at most 7 data sets, got " + std::to_string(o.files.size()));
  }
  return o;
}

}  // namespace timeit
