#include "wrapper/completion.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <string_view>

#include "wrapper/boots/boots_options.h"
#include "wrapper/check/check_command.h"
#include "wrapper/compare/compare_options.h"
#include "wrapper/events/events_command.h"
#include "wrapper/ministat/ministat_options.h"
#include "wrapper/plan/plan_options.h"
#include "wrapper/run/run_options.h"

namespace timeit {
namespace {

/// What an option's value is, for the shell: read from the value's name in
/// the option table, where FILE, PATH and DIR say a path and "a|b|c" lists
/// the only words it takes. Anything else ("N", "CMD") is left to the user.
std::string ValueKind(const std::string& value_name) {
  static const std::regex choice("[a-z0-9-]+(\\|[a-z0-9-]+)+");
  if (value_name.find("DIR") != std::string::npos) return "dir";
  if (value_name.find("FILE") != std::string::npos || value_name.find("PATH") != std::string::npos)
    return "file";
  if (std::regex_match(value_name, choice)) {
    std::string words = value_name;
    for (char& c : words)
      if (c == '|') c = ' ';
    return "choice " + words;
  }
  return "value";
}

struct Mode {
  std::string name;  ///< "run" or a subcommand's name
  OptionWords options;
};

OptionWords MinistatWords() {
  OptionWords words;
  for (char c : kMinistatSwitches) words.push_back({std::string("-") + c, ""});
  for (char c : kMinistatValueOptions) words.push_back({std::string("-") + c, "VALUE"});
  words.push_back({"--help", ""});
  return words;
}

std::vector<Mode> Modes() {
  // boots start passes what is not its own to the run mode.
  OptionWords boots = BootsOptionWords();
  const std::size_t own = boots.size();
  for (const OptionWord& w : RunOptionWords())
    if (std::none_of(boots.begin(), boots.begin() + static_cast<long>(own),
                     [&](const OptionWord& b) { return b.word == w.word; }))
      boots.push_back(w);
  return {{"run", RunOptionWords()},
          {"compare", CompareOptionWords()},
          {"plan", PlanOptionWords()},
          {"events", EventsOptionWords()},
          {"check", CheckOptionWords()},
          {"boots", boots},
          {"ministat", MinistatWords()},
          {"help", {}},
          {"version", {}},
          {"completion", {}}};
}

std::string Join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

/// The shell functions, which the tables above fill in. Kept as one text so
/// that what the shell runs can be read in one place.
constexpr std::string_view kFunctions = R"sh(
# _timeit_complete_value KIND: the value of an option at the cursor.
_timeit_complete_value() {
  case $1 in
    file) _filedir ;;
    dir) _filedir -d ;;
    choice\ *) COMPREPLY=($(compgen -W "${1#choice }" -- "$cur")) ;;
  esac
}

_timeit() {
  local cur prev words cword split
  _init_completion -s || return
  local mode=run i=1 w kind
  if ((cword == 1)) && [[ $cur != -* ]]; then
    # timeit SUBCOMMAND, or the run mode's command with no options before it.
    COMPREPLY=($(compgen -W "$_timeit_subcommands" -- "$cur") $(compgen -c -- "$cur"))
    return
  fi
  if [[ " $_timeit_subcommands " == *" ${words[1]} "* ]]; then
    mode=${words[1]}
    i=2
  fi
  if [[ $mode == boots ]]; then
    if ((cword == 2)); then
      COMPREPLY=($(compgen -W "$_timeit_boots_verbs" -- "$cur"))
      return
    fi
    i=3
  fi
  if [[ $split == true ]]; then
    kind=$(_timeit_value "$mode" "$prev")
    [[ -n $kind ]] && _timeit_complete_value "$kind"
    return
  fi
  # Walk the words before the cursor: an option's value is skipped; in the
  # run mode and `boots start` the command begins at `--` or at the first
  # word that is not an option, and its own completion takes over.
  while ((i < cword)); do
    w=${words[i]}
    if [[ $w == -- ]]; then
      case $mode in
        run | boots) _command_offset $((i + 1)) ;;
        compare | plan | ministat) _filedir ;;
      esac
      return
    fi
    if [[ $w == -* ]]; then
      kind=$(_timeit_value "$mode" "$w")
      if [[ -n $kind && $w != *=* ]]; then
        if ((i + 1 == cword)); then
          _timeit_complete_value "$kind"
          return
        fi
        ((i++))
      fi
    elif [[ $mode == run || $mode == boots ]]; then
      _command_offset $i
      return
    fi
    ((i++))
  done
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_timeit_options "$mode")" -- "$cur"))
    return
  fi
  case $mode in
    run) COMPREPLY=($(compgen -c -- "$cur")) ;;
    compare | plan | ministat) _filedir ;;
    help) COMPREPLY=($(compgen -W "$_timeit_subcommands" -- "$cur")) ;;
    completion) COMPREPLY=($(compgen -W "bash" -- "$cur")) ;;
  esac
}
complete -F _timeit timeit
)sh";

}  // namespace

std::string BashCompletion(const std::vector<std::string>& subcommands) {
  std::string out =
      "# bash completion for timeit, written by `timeit completion bash` from the\n"
      "# option tables timeit's parsers read: what it offers, this timeit takes.\n"
      "# Needs bash-completion's helpers (_init_completion, _filedir, _command_offset).\n";
  out += fmt::format("_timeit_subcommands='{}'\n", Join(subcommands));
  out += fmt::format("_timeit_boots_verbs='{}'\n", Join(BootsVerbs()));
  const std::vector<Mode> modes = Modes();
  out +=
      "\n# _timeit_options MODE: the option words of the run mode or a subcommand.\n"
      "_timeit_options() {\n  case $1 in\n";
  for (const Mode& m : modes) {
    std::vector<std::string> words;
    for (const OptionWord& w : m.options) words.push_back(w.word);
    if (!words.empty()) out += fmt::format("    {}) echo '{}' ;;\n", m.name, Join(words));
  }
  out += "  esac\n}\n";
  out +=
      "\n# _timeit_value MODE OPTION: what OPTION takes (file, dir, choice WORDS, value),\n"
      "# nothing for a switch.\n"
      "_timeit_value() {\n  case \"$1 ${2%%=*}\" in\n";
  for (const Mode& m : modes)
    for (const OptionWord& w : m.options)
      if (!w.value_name.empty())
        out += fmt::format("    '{} {}') echo '{}' ;;\n", m.name, w.word, ValueKind(w.value_name));
  out += "  esac\n}\n";
  out += kFunctions;
  return out;
}

}  // namespace timeit
