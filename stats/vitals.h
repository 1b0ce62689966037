#pragma once

#include <string>

#include "stats/summary.h"

namespace timeit::stats {

/// ministat's vitals table header, newline included:
/// "    N           Min           Max        Median           Avg        Stddev\n"
std::string FormatVitalsHeader();

/// One vitals row as ministat prints it: "%c %3d %13.8g %13.8g %13.8g %13.8g %13.8g\n".
std::string FormatVitalsRow(char symbol, const Summary& s);

}  // namespace timeit::stats
