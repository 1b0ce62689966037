#include "wrapper/check/check_command.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "platforms/conditions.h"
#include "platforms/machine.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/option_parser.h"
#include "wrapper/check/condition_checks.h"
#include "wrapper/check/counter_checks.h"

namespace timeit {
namespace {

po::options_description MakeOptions(bool* strict, bool* help) {
  po::options_description flags;
  auto add = flags.add_options();
  add("strict", po::bool_switch(strict), "exit status 1 when anything warns");
  add("help,h", po::bool_switch(help), "this text");
  return flags;
}

}  // namespace

OptionWords CheckOptionWords() { return WordsOf(MakeOptions(nullptr, nullptr)); }

int CheckMain(int argc, char** argv) {
  bool strict = false;
  bool help = false;
  const po::options_description flags = MakeOptions(&strict, &help);
  ParseOptions(std::vector<std::string>(argv + std::min(argc, 1), argv + argc), flags,
               {.positional = "",
                .stop_at_first_positional = false,
                .context = "check",
                .help_hint = "see timeit check --help"});
  if (help) {
    fmt::print(
        "usage: timeit check [--strict]\n"
        "Shows what can skew a comparison here (one line per condition: ok, info, or warn\n"
        "with the fix), then whether counters will work.\n\noptions:\n{}",
        FormatOptionHelp(flags));
    return kExitOk;
  }
  // The machine, read once: the conditions and the counters' checks both
  // describe this one.
  const platforms::Machine machine =
      platforms::ReadMachine(platforms::SystemRootsFromEnvironment());
  const platforms::Conditions conditions = platforms::ReadConditions(machine);
  int warnings = 0;
  for (const CheckLine& line : CheckConditions(conditions)) {
    std::printf("%s\n", FormatCheckLine(line).c_str());
    warnings += line.level == CheckLevel::kWarn;
  }
  std::printf("\ncounters:\n");
  for (const CheckLine& line : CheckCounters(conditions, machine)) {
    std::printf("%s\n", FormatCheckLine(line).c_str());
    warnings += line.level == CheckLevel::kWarn;
  }
  return strict && warnings > 0 ? kExitCommandFailed : kExitOk;
}

}  // namespace timeit
