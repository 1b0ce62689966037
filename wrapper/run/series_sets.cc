#include "wrapper/run/series_sets.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "wrapper/results/series_metadata.h"

namespace timeit {
namespace {

/// Words of /bin/sh that are not programs: a command line starting with one
/// needs the shell even when it is plain words.
constexpr std::array<std::string_view, 33> kShellWords = {
    "!",       "{",        "}",    ".",      "[[",    "alias", "break",  "case", "cd",
    "command", "continue", "do",   "done",   "elif",  "else",  "esac",   "eval", "exec",
    "exit",    "export",   "fi",   "for",    "if",    "read",  "return", "set",  "shift",
    "then",    "time",     "trap", "ulimit", "umask", "while"};

}  // namespace

std::vector<std::string> PlainWords(const std::string& line) {
  // What a shell would treat as anything but words split at blanks: quotes,
  // expansions, globs, redirections, operators, comments, escapes, a line
  // break. (GNU make runs a recipe line without a shell by the same test.)
  if (line.find_first_of("\"'`$*?[]{}~#&|;<>()!\\\n") != std::string::npos) return {};
  std::vector<std::string> words;
  for (std::size_t at = 0; at < line.size();) {
    const std::size_t start = line.find_first_not_of(" \t", at);
    if (start == std::string::npos) break;
    const std::size_t end = std::min(line.find_first_of(" \t", start), line.size());
    words.push_back(line.substr(start, end - start));
    at = end;
  }
  // An assignment before the command (CC=gcc make) is the shell's.
  if (words.empty() || words.front().find('=') != std::string::npos ||
      std::find(kShellWords.begin(), kShellWords.end(), words.front()) != kShellWords.end())
    return {};
  return words;
}

std::string CommandLineOf(const SeriesSet& set) {
  if (set.command.empty()) return {};
  if (!set.as_given.empty()) return set.as_given;
  return set.shell ? set.command.front() : ShellQuoteCommand(set.command);
}

std::vector<SeriesSet> ConfigSets(const std::vector<std::pair<std::string, std::string>>& configs) {
  std::vector<SeriesSet> sets;
  for (const auto& [name, before] : configs) {
    SeriesSet s;
    s.name = name;
    s.option = "--config " + name;
    s.before = before;
    sets.push_back(std::move(s));
  }
  return sets;
}

std::vector<SeriesSet> CommandSets(
    const std::vector<std::pair<std::string, std::string>>& commands) {
  std::vector<SeriesSet> sets;
  for (const auto& [name, command] : commands) {
    SeriesSet s;
    s.name = name;
    s.option = "--command " + name;
    // Plain words run directly: a shell's start (a millisecond or more) is
    // not the command's, and hyperfine subtracts it where timeit need not.
    s.command = PlainWords(command);
    s.shell = s.command.empty();
    if (s.shell) s.command = {command};
    s.as_given = command;
    sets.push_back(std::move(s));
  }
  return sets;
}

std::vector<SeriesSet> ScanSets(const std::vector<ParameterScan>& parameters,
                                const std::vector<std::string>& command, bool shell,
                                const std::string& prepare, const std::string& cleanup) {
  std::vector<SeriesSet> sets;
  std::vector<std::size_t> at(parameters.size(), 0);  // each parameter's value, an odometer
  while (!parameters.empty()) {
    SeriesSet s;
    s.command = command;
    s.shell = shell;
    s.own_helpers = true;
    s.prepare = prepare;
    s.cleanup = cleanup;
    for (std::size_t i = 0; i < parameters.size(); ++i) {
      const ParameterScan& p = parameters[i];
      const std::string& value = p.values[at[i]];
      s.name += (i > 0 ? "," : "") + p.name + "=" + value;
      for (std::string& word : s.command) word = Substitute(word, p.name, value);
      s.prepare = Substitute(s.prepare, p.name, value);
      s.cleanup = Substitute(s.cleanup, p.name, value);
    }
    s.option = parameters.front().option + " " + s.name;
    sets.push_back(std::move(s));
    std::size_t i = parameters.size();
    while (i > 0 && ++at[i - 1] == parameters[i - 1].values.size()) at[--i] = 0;
    if (i == 0) break;
  }
  return sets;
}

}  // namespace timeit
