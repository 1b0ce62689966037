#pragma once

#include "wrapper/base/option_word.h"

namespace timeit {

/// `timeit check [--strict]`: the experiment's conditions here, one line
/// each (ok, info, or warn with the fix), then whether counters will work.
/// Exit status 0, or 1 with --strict when anything warns.
int CheckMain(int argc, char** argv);

/// The options' words, for `timeit completion`.
OptionWords CheckOptionWords();

}  // namespace timeit
