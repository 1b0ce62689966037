#pragma once

namespace timeit {

/// What a command line came to: its exit status, and whether the status is
/// to be given as --bisect gives it (BisectExitStatus, for `git bisect run`).
struct Outcome {
  int status = 0;
  bool bisect = false;
};

/// Picks the subcommand named by argv[1] (or the run loop when argv[1] is an
/// option or a command), runs it and sets `outcome.status` to its exit
/// status. The run mode's and compare's options are parsed here, once, and
/// decide `outcome.bisect` before anything runs: from the options, or, when
/// they do not parse, from a `--bisect` word before any `--`, so that bad
/// usage under `git bisect run` stops the bisection instead of marking a
/// commit bad. Throws timeit::Error, with `outcome.bisect` already decided
/// for main() to apply to the error's status.
void Dispatch(int argc, char** argv, Outcome& outcome);

}  // namespace timeit
