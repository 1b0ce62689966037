#pragma once

#include <cstdio>

#include "wrapper/compare/compare_options.h"

namespace timeit {

/// `timeit compare [options] FILE...`: per-metric ministat blocks, a summary
/// table, warnings on stderr, and optionally the summary as CSV.
int CompareMain(int argc, char** argv);

/// CompareMain on options already parsed (dispatch.cc parses them once, for
/// --bisect's decision too): the usage for --help, else RunComparison.
int CompareMain(const CompareOptions& options);

/// The comparison of `options.files` written to `out` (the blocks and the
/// summary; to stderr when the CSV goes to stdout; nowhere with -q), notes
/// and warnings to stderr, the CSV to options.csv. Also used by the run mode
/// after --baseline or --config series. Returns the exit status: 1 when the
/// --fail-on gate fires (JudgeGate: the verdicts of options.fail_on, with
/// Holm over the gated metrics; said on stderr), else 0. Throws Error
/// (exit status 2) for bad input, also when no metric can be compared.
int RunComparison(const CompareOptions& options, std::FILE* out);

}  // namespace timeit
