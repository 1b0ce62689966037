#pragma once

#include <string>

#include "wrapper/boots/experiment_state.h"

namespace timeit {

/// --dry-run: the experiment, every step with its kernel and the exact
/// lines that arm and make its boot, the hook, the series of each boot.
std::string DryRunText(const ExperimentState& s, const std::string& state_dir);

/// `timeit boots status`: the plan, where it is, what each boot came to,
/// the failed configurations, the comparison once written.
std::string StatusText(const ExperimentState& s, const std::string& state_dir);

/// One look of the stopping rule, as resume says it and status lists it:
/// "round 2: real +/-0.81%: within +/-1%, stopped".
std::string LookLine(const ExperimentState& s, const LookRecord& look);

/// The two-stage rule's verdict once the experiment is over: each target
/// metric's difference in every set with the pilot's interval narrowed to
/// the boots made ("two-stage verdict, 95%: ..."); empty without a pilot.
std::string VerdictLines(const ExperimentState& s);

}  // namespace timeit
