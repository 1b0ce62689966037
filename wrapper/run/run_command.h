#pragma once

namespace timeit {

/// The run mode, `timeit [options] [--] COMMAND [ARGS...]` (argv[0] is the
/// program): builds the series from the options and runs it. Returns the
/// exit status; throws timeit::Error for bad usage and setup failures.
int RunMain(int argc, char** argv);

}  // namespace timeit
