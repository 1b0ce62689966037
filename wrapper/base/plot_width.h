#pragma once

#include <optional>

namespace timeit {

/// Widest plot `timeit ministat -w` and `timeit compare -w` accept: wider
/// plots are no use and would only risk exhausting memory.
inline constexpr int kMaxPlotWidth = 1'000'000;

/// The plot width ministat uses when -w is not given: 74, or when standard
/// output is a terminal, $COLUMNS if set and non-empty, else the terminal's
/// width minus 2. nullopt when that gives less than 2 columns. `timeit
/// compare` sizes its plots the same way.
std::optional<int> TerminalPlotWidth(int stdout_fd);

}  // namespace timeit
