#pragma once

namespace timeit {

/// Picks the subcommand named by argv[1] (or the run loop when argv[1] is an
/// option or a command) and returns its exit status. Throws timeit::Error.
int Dispatch(int argc, char** argv);

}  // namespace timeit
