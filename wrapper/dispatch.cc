#include "wrapper/dispatch.h"

#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"
#include "wrapper/base/version.h"
#include "wrapper/boots/boots_command.h"
#include "wrapper/check/check_command.h"
#include "wrapper/compare/compare_command.h"
#include "wrapper/compare/compare_options.h"
#include "wrapper/completion.h"
#include "wrapper/events/events_command.h"
#include "wrapper/ministat/ministat_command.h"
#include "wrapper/plan/plan_command.h"
#include "wrapper/process/child_launcher.h"
#include "wrapper/run/run_command.h"
#include "wrapper/run/run_options.h"
#include "wrapper/subcommands.h"

namespace timeit {
namespace {

int PrintVersion(int, char**) {
  std::fputs(kVersionLine, stdout);
  return kExitOk;
}

int HelpMain(int argc, char** argv);
int CompletionMain(int argc, char** argv);

/// Subcommands are the first word; anything else is the command to measure.
constexpr Subcommand kSubcommands[] = {
    {"help", "print this help, or a subcommand's: timeit help SUBCOMMAND", HelpMain},
    {"version", "print the version", PrintVersion},
    {"ministat", "compare data sets exactly as FreeBSD's ministat", MinistatMain},
    {"compare", "compare series metric by metric, ministat blocks and a summary", CompareMain},
    {"plan", "how many runs per boot and boots per kernel, from a pilot series of several boots",
     PlanMain},
    {"events", "show the platform, its counters' events and what counts here", EventsMain},
    {"check", "show what can skew a comparison here and what to fix; whether counters work",
     CheckMain},
    {"boots", "compare kernels across reboots, unattended, in the planned order", BootsMain},
    {"completion", "print the bash completion script: source <(timeit completion bash)",
     CompletionMain},
};

constexpr const char* kUsage =
    "usage: timeit [options] [--] COMMAND [ARGS...]\n"
    "       timeit SUBCOMMAND [options] [args]   (timeit SUBCOMMAND --help for its options)\n";

void PrintSubcommands(std::FILE* out) {
  std::fprintf(out, "subcommands:\n");
  for (const Subcommand& s : kSubcommands) std::fprintf(out, "  %-10s %s\n", s.name, s.summary);
}

/// The usage line once, what the run mode does, its options, the subcommands.
void PrintHelp() {
  std::printf("%s%s\noptions:\n%s\n", kUsage,
              "Runs COMMAND repeatedly and records every run of its whole process tree in a CSV.\n"
              "Options stop at the first word that is not an option.\n",
              RunOptionHelp().c_str());
  PrintSubcommands(stdout);
}

/// A `--bisect` word before the first `--`: what the options would have said.
bool MentionsBisect(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") return false;
    if (word == "--bisect") return true;
  }
  return false;
}

/// `timeit help [SUBCOMMAND]`: what `timeit --help` or `timeit SUBCOMMAND
/// --help` prints, for those who type the word (git, go and cargo take it).
int HelpMain(int argc, char** argv) {
  if (argc < 2 || std::string_view(argv[1]) == "help") {
    PrintHelp();
    return kExitOk;
  }
  if (argc > 2) throw UsageError("help: takes one subcommand (see timeit --help)");
  const std::string_view name = argv[1];
  std::vector<std::string> names;
  for (const Subcommand& s : kSubcommands) {
    names.emplace_back(s.name);
    if (name != s.name) continue;
    std::string word(s.name), help("--help");
    char* args[] = {word.data(), help.data(), nullptr};
    return s.main(2, args);
  }
  throw UsageError("help: no subcommand " + QuoteForMessage(name) + DidYouMean(name, names) +
                   " (see timeit --help)");
}

/// `timeit completion bash`: the script, from the subcommands above and
/// each one's option table (wrapper/completion.cc).
int CompletionMain(int argc, char** argv) {
  const std::string_view shell = argc == 2 ? argv[1] : "";
  if (shell == "--help" || shell == "-h") {
    std::printf(
        "usage: timeit completion bash\n"
        "Prints the bash completion script for this timeit, from its own option tables.\n"
        "Load it in a shell with: source <(timeit completion bash)\n");
    return kExitOk;
  }
  if (shell != "bash") throw UsageError("completion: the shell is bash: timeit completion bash");
  std::vector<std::string> names;
  for (const Subcommand& s : kSubcommands) names.emplace_back(s.name);
  std::fputs(BashCompletion(names).c_str(), stdout);
  return kExitOk;
}

}  // namespace

void Dispatch(int argc, char** argv, Outcome& outcome) {
  outcome = {};
  if (argc < 2) {
    std::fprintf(stderr, "%s\n", kUsage);
    PrintSubcommands(stderr);
    outcome.status = kExitBadInput;
    return;
  }
  const std::string_view first = argv[1];
  if (first == "--help" || first == "-h") {
    PrintHelp();
    return;
  }
  if (first == "--version") {
    outcome.status = PrintVersion(argc - 1, argv + 1);
    return;
  }
  if (first == "compare") {
    CompareOptions options;
    try {
      options = ParseCompareOptions(argc - 1, argv + 1);
    } catch (const Error&) {
      outcome.bisect = MentionsBisect(argc, argv);
      throw;
    }
    outcome.bisect = options.bisect;
    outcome.status = CompareMain(options);
    return;
  }
  for (const Subcommand& s : kSubcommands) {
    if (first == s.name) {
      outcome.status = s.main(argc - 1, argv + 1);
      return;
    }
  }
  // The run mode's options decide --bisect before the checks below, whose
  // errors come first: a misspelled subcommand is said before a bad option.
  std::optional<RunOptions> options;
  std::exception_ptr bad_options;
  try {
    options = ParseRunOptions(argc, argv);
    outcome.bisect = options->bisect;
  } catch (const Error&) {
    outcome.bisect = MentionsBisect(argc, argv);
    bad_options = std::current_exception();
  }
  // A misspelled subcommand that is no command either: say which was meant
  // rather than "command not found" (exit 2, nothing run).
  if (!first.starts_with("-") && first.find('/') == std::string_view::npos &&
      !ResolveCommand(std::string(first))) {
    std::vector<std::string> names;
    for (const Subcommand& s : kSubcommands) names.emplace_back(s.name);
    if (const std::optional<std::string> near = Nearest(first, names))
      throw UsageError(std::string(first) +
                       ": not a subcommand, nor a command on PATH; did you "
                       "mean 'timeit " +
                       *near + "'?");
  }
  if (bad_options) std::rethrow_exception(bad_options);
  // Not a subcommand (or an option): the run mode, `timeit [options] COMMAND`.
  outcome.status = RunMain(*options);
}

}  // namespace timeit
