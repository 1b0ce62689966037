#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wrapper/base/option_word.h"
#include "wrapper/boots/boot_config.h"
#include "wrapper/boots/experiment_state.h"

namespace timeit {

/// `timeit boots VERB [options] [run options] [-- COMMAND [ARGS...]]`.
struct BootsOptions {
  std::string verb;  ///< start, resume, status, cancel
  std::vector<BootConfig> configs;
  int boots = 3;      ///< per configuration; with --target-ci the most (MAX)
  int min_boots = 0;  ///< --boots MIN..MAX: no look before MIN rounds; 0: not a range
  bool boots_given = false;
  /// --target-ci PCT[:METRIC,...]: stop once each metric's interval of the
  /// difference is within +/-PCT; 0: no rule.
  double target_percent = 0;
  std::vector<std::string> target_metrics;  ///< empty: real
  std::string plan;                         ///< --plan: the pilot series' CSV
  BootOrder order = BootOrder::kAbba;
  std::uint64_t seed = 0;
  bool seed_given = false;
  std::string via = "command";
  std::string next_boot;
  int retries = 1;
  OnBootFailure on_failure = OnBootFailure::kSkip;
  double settle_seconds = 30;
  std::string state_dir = "/var/lib/timeit/boots";
  std::string hook = "systemd";
  bool dry_run = false;
  bool help = false;
  /// The run mode's options and command: every word before `--` that is
  /// not one of ours, then `--` and the command, kept verbatim.
  std::vector<std::string> run_args;
};

/// Parses argv (argv[0] is "boots"). Throws UsageError, one line.
BootsOptions ParseBootsOptions(int argc, char** argv);

/// The usage, what it does, and the options.
std::string BootsUsage();

/// The verbs (start, resume, status, cancel) and the options' words, for
/// `timeit completion`; start also takes the run mode's.
std::vector<std::string> BootsVerbs();
OptionWords BootsOptionWords();

}  // namespace timeit
