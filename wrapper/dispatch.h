#pragma once

namespace timeit {

/// Picks the subcommand named by argv[1] (or the run loop when argv[1] is an
/// option or a command) and returns its exit status. Throws timeit::Error.
int Dispatch(int argc, char** argv);

/// Whether the command line asks for --bisect's exit statuses (the run mode
/// or compare): from the parsed options, or, when they do not parse, from a
/// `--bisect` word before any `--`, so that bad usage under `git bisect run`
/// stops the bisection (BisectExitStatus) instead of marking a commit bad.
bool BisectRequested(int argc, char** argv);

}  // namespace timeit
