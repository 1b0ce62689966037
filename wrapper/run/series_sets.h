#pragma once

#include <string>
#include <utility>
#include <vector>

#include "wrapper/run/parameter_scan.h"

namespace timeit {

/// One set of an interleaved series, with its own label: a `--config`
/// (a command before each of its runs), a `--command` (its own measured
/// command) or one value of a parameter scan (the command, --prepare and
/// --cleanup with `{NAME}` replaced). The run loop treats them alike.
struct SeriesSet {
  std::string name;    ///< its label
  std::string option;  ///< "--config A", "--command A", "--parameter-list n=4", as messages say
  std::string before;  ///< --config's CMD, run before each of its runs; empty: none
  /// Its measured command; empty: the series' own (--config).
  std::vector<std::string> command;
  bool shell = false;  ///< `command` is one word for /bin/sh -c
  /// The command as the user wrote it, for the CSV's command cell; empty:
  /// `command` itself (quoted where it is words).
  std::string as_given;
  /// A scan's --prepare and --cleanup with the value in; the series' own otherwise.
  bool own_helpers = false;
  std::string prepare, cleanup;
};

/// The command line `set` runs, as its rows' command cell holds it; empty
/// when it runs the series' own command (--config).
std::string CommandLineOf(const SeriesSet& set);

std::vector<SeriesSet> ConfigSets(const std::vector<std::pair<std::string, std::string>>& configs);

/// `line` split into its words where /bin/sh would only split it at blanks
/// and run the first word as a program; empty where it needs the shell
/// (quotes, expansions, globs, redirections, operators, an assignment or a
/// shell builtin first).
std::vector<std::string> PlainWords(const std::string& line);

/// Each `--command NAME=CMD`: CMD run directly when it is plain words
/// (PlainWords), otherwise through /bin/sh -c, as hyperfine runs its commands.
std::vector<SeriesSet> CommandSets(
    const std::vector<std::pair<std::string, std::string>>& commands);

/// A set per combination of the `parameters`' values (the last one's
/// changing fastest), labelled NAME=VALUE, or a=1,b=x with several (as
/// compare's ScanSettingsOf reads them): `command` (one word with `shell`),
/// `prepare` and `cleanup` with each `{NAME}` replaced in every word.
std::vector<SeriesSet> ScanSets(const std::vector<ParameterScan>& parameters,
                                const std::vector<std::string>& command, bool shell,
                                const std::string& prepare, const std::string& cleanup);

}  // namespace timeit
