#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "stats/ministat_report.h"
#include "wrapper/ministat/ministat_reader.h"

namespace timeit {

/// What `timeit ministat` was asked to do.
struct MinistatCommandOptions {
  stats::MinistatOptions report;   ///< width is only meaningful when width_given
  bool width_given = false;        ///< -w; otherwise the terminal decides
  ColumnFormat format;             ///< -C and -d
  std::vector<std::string> files;  ///< empty: standard input; "-" is standard input too
  bool help = false;               ///< --help: the usage on stdout, exit 0 (timeit's way)
  /// -h: the usage on stderr, exit 2, as ministat (whose getopt has no -h)
  /// answers it; a drop-in keeps the exit status scripts see.
  bool usage_error = false;
};

/// ministat's getopt letters: the switches, and the options that take a
/// value. The parser and `timeit completion` both read them.
inline constexpr std::string_view kMinistatSwitches = "AnPqs";
inline constexpr std::string_view kMinistatValueOptions = "Ccdw";

/// The usage text, newline included.
const char* MinistatUsage();

/// Parses ministat's options (argv[0] is the subcommand's name):
/// -A -n -P -q -s flags, which may be bundled (-ns); -C column, -c confidence,
/// -d delimiters and -w width, attached (-w80) or separate (-w 80); "--"
/// ends the options. As with Debian's ministat (glibc getopt), options may
/// follow file names. Throws UsageError on anything it cannot use.
MinistatCommandOptions ParseMinistatOptions(int argc, char** argv);

}  // namespace timeit
