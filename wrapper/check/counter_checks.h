#pragma once

#include <vector>

#include "platforms/conditions.h"
#include "platforms/machine.h"
#include "wrapper/check/condition_checks.h"

namespace timeit {

/// Whether counters will work here, one line each: `pmu` (a hardware CPU
/// PMU registered), `paranoid` (what perf_event_paranoid lets this process
/// count), `tracefs` (mounted, or mountable: the syscalls metric needs it),
/// `free counters` (how many general-purpose counters are free now).
///
/// Files are read under the machine's roots, its PMUs as it read them; the
/// probes that open counters run only on this machine's own trees (when
/// `roots.from_environment` names another machine's, they are said to be
/// skipped).
std::vector<CheckLine> CheckCounters(const platforms::Conditions& c,
                                     const platforms::Machine& machine);

}  // namespace timeit
