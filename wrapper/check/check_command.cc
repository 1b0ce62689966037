#include "wrapper/check/check_command.h"

#include <cstdio>
#include <string>
#include <string_view>

#include "platforms/conditions.h"
#include "wrapper/base/errors.h"
#include "wrapper/check/condition_checks.h"
#include "wrapper/check/counter_checks.h"

namespace timeit {
namespace {

constexpr const char* kUsage =
    "usage: timeit check [--strict]\n"
    "  shows what can skew a comparison here (one line per condition: ok, info, or warn\n"
    "  with the fix), then whether counters will work\n"
    "  --strict  exit status 1 when anything warns\n";

}  // namespace

int CheckMain(int argc, char** argv) {
  bool strict = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return kExitOk;
    }
    if (arg != "--strict") throw UsageError("check: unexpected '" + std::string(arg) + "'");
    strict = true;
  }
  const platforms::SystemRoots roots = platforms::SystemRootsFromEnvironment();
  const platforms::Conditions conditions = platforms::ReadConditions(roots);
  int warnings = 0;
  for (const CheckLine& line : CheckConditions(conditions)) {
    std::printf("%s\n", FormatCheckLine(line).c_str());
    warnings += line.level == CheckLevel::kWarn;
  }
  std::printf("\ncounters:\n");
  for (const CheckLine& line : CheckCounters(conditions, roots)) {
    std::printf("%s\n", FormatCheckLine(line).c_str());
    warnings += line.level == CheckLevel::kWarn;
  }
  return strict && warnings > 0 ? kExitCommandFailed : kExitOk;
}

}  // namespace timeit
