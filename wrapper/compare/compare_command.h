#pragma once

#include <cstdio>

#include "wrapper/compare/compare_options.h"

namespace timeit {

/// `timeit compare [options] FILE...`: per-metric ministat blocks, a summary
/// table, warnings on stderr, and optionally the summary as CSV.
int CompareMain(int argc, char** argv);

/// The comparison of `options.files` written to `out` (the blocks and the
/// summary), notes and warnings to stderr, the CSV to options.csv. Also used
/// by the run mode after --baseline or --config series. Throws Error.
void RunComparison(const CompareOptions& options, std::FILE* out);

}  // namespace timeit
