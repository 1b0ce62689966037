#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wrapper/boots/boot_config.h"
#include "wrapper/boots/experiment_state.h"

namespace timeit {

/// `timeit boots VERB [options] [run options] [-- COMMAND [ARGS...]]`.
struct BootsOptions {
  std::string verb;  ///< start, resume, status, cancel
  std::vector<BootConfig> configs;
  int boots = 3;
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

}  // namespace timeit
