#pragma once

#include <string>
#include <vector>

#include "counters/tree_counters.h"

namespace timeit::counters {

/// Starts argv blocked on a pipe, lets `counters` attach, releases it and
/// reaps it: the run loop's sequence in miniature. Expects the command to
/// exit with `expected_exit`.
std::vector<CounterReading> CountRun(TreeCounters& counters, const std::vector<std::string>& argv,
                                     int expected_exit = 0);

}  // namespace timeit::counters
