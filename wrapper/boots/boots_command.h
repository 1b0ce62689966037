#pragma once

namespace timeit {

/// `timeit boots start|resume|status|cancel ...` (argv[0] is "boots"):
/// a kernel A/B across reboots (issue 38). Returns the exit status; throws
/// timeit::Error.
int BootsMain(int argc, char** argv);

}  // namespace timeit
