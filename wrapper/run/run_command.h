#pragma once

namespace timeit {

/// The run mode, `timeit [options] [--] COMMAND [ARGS...]` (argv[0] is the
/// program): builds the series from the options and runs it. Returns the
/// exit status; throws timeit::Error for bad usage and setup failures.
int RunMain(int argc, char** argv);

struct RunOptions;

/// RunMain on options already parsed (dispatch.cc parses them once, for
/// --bisect's decision too): --help, --version, else RunSeries.
int RunMain(const RunOptions& o);

/// The run mode on options already parsed (ParseRunOptions): `timeit boots
/// resume` runs a step's series so, in-process, with its boot_method.
int RunSeries(const RunOptions& o);

}  // namespace timeit
