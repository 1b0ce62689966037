#include "wrapper/dispatch.h"

#include <cstdio>
#include <string_view>

#include "wrapper/base/errors.h"
#include "wrapper/base/version.h"
#include "wrapper/compare/compare_command.h"
#include "wrapper/events/events_command.h"
#include "wrapper/ministat/ministat_command.h"
#include "wrapper/run/run_command.h"
#include "wrapper/run/run_options.h"
#include "wrapper/subcommands.h"

namespace timeit {
namespace {

int PrintVersion(int, char**) {
  std::printf("timeit %s\n", kVersion);
  return kExitOk;
}

/// Subcommands are the first word; anything else is the command to measure.
constexpr Subcommand kSubcommands[] = {
    {"version", "print the version", PrintVersion},
    {"ministat", "compare data sets exactly as FreeBSD's ministat", MinistatMain},
    {"compare", "compare series metric by metric, ministat blocks and a summary", CompareMain},
    {"events", "show the platform, its counters' events and what counts here", EventsMain},
};

void PrintUsage(std::FILE* out) {
  std::fprintf(out,
               "usage: timeit [options] [--] COMMAND [ARGS...]\n"
               "       timeit SUBCOMMAND [options] [args]\n\nsubcommands:\n");
  for (const Subcommand& s : kSubcommands) std::fprintf(out, "  %-10s %s\n", s.name, s.summary);
}

}  // namespace

int Dispatch(int argc, char** argv) {
  if (argc < 2) {
    PrintUsage(stderr);
    return kExitBadInput;
  }
  const std::string_view first = argv[1];
  if (first == "--help" || first == "-h") {
    PrintUsage(stdout);
    std::printf("\n%s", RunUsage().c_str());
    return kExitOk;
  }
  if (first == "--version") return PrintVersion(argc - 1, argv + 1);
  for (const Subcommand& s : kSubcommands) {
    if (first == s.name) return s.main(argc - 1, argv + 1);
  }
  // Not a subcommand (or an option): the run mode, `timeit [options] COMMAND`.
  return RunMain(argc, argv);
}

}  // namespace timeit
