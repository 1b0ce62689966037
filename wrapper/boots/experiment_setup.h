#pragma once

#include <string>

#include "wrapper/boots/boots_options.h"
#include "wrapper/boots/experiment_state.h"

namespace timeit {

/// --target-ci without --boots MIN..MAX: the first look after this many
/// rounds (or --boots N's N, when fewer). Earlier looks read a variance of
/// few degrees of freedom, and the rule stops more often where it was drawn
/// small: 6-9% false alarms from 2 boots on, 5.8% from 4 (BootsTargetSimulationTest).
inline constexpr int kDefaultMinBoots = 4;

/// The experiment start's options describe, checked as far as it can be
/// before any reboot: the kernels and initrds (readable files, a known
/// release), the run mode's options and command (parsed as the run mode
/// parses them, the command resolvable, -o given and its folder writable),
/// the boot method's tools. Throws UsageError with the reason.
ExperimentState ExperimentFromOptions(const BootsOptions& o);

/// The measured runs the results CSV holds of the step's configuration on
/// boot `boot_id`: the boot id column tells which runs a step already has.
/// With counting runs (the `role` column) the step's -n are its timing
/// runs, short of -n while one of its counting runs is missing
/// (CompleteTimingRuns).
int RunsOnBoot(const ExperimentState& s, const std::string& boot_id);

/// Where the final comparison goes: the CSV's path without .csv, plus
/// `suffix` -- .compare.txt (the text), .compare.html (the report),
/// .compare.csv (the summary), so that they sort beside the CSV.
std::string ComparisonPath(const ExperimentState& s, const char* suffix = ".compare.txt");

}  // namespace timeit
