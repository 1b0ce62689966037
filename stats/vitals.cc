#include "stats/vitals.h"

#include <cstdio>

namespace timeit::stats {

std::string FormatVitalsHeader() {
  return "    N           Min           Max        Median           Avg        Stddev\n";
}

std::string FormatVitalsRow(char symbol, const Summary& s) {
  char line[160];
  std::snprintf(line, sizeof line, "%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g\n", symbol, s.n,
                s.min, s.max, s.median, s.mean, s.stddev);
  return line;
}

}  // namespace timeit::stats
