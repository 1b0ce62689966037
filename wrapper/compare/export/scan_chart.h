#pragma once

#include <cstddef>
#include <string>

#include "wrapper/compare/verdicts/scan.h"

namespace timeit {

/// An inline SVG of a scan's `metric`-th metric against the parameter: the
/// mean at each value a dot (coloured as its set everywhere in the report),
/// the dots joined in the values' order, the interval of the scan table a
/// vertical bar. The x axis is the parameter by value when every value is a
/// number (a scan of -j 1..16 or of 2^k), else the values evenly spaced in
/// their order. Each point's group carries `data-value` (the value as
/// labelled), `data-mean`, `data-ci-low` and `data-ci-high` for tests; empty
/// when no value has a mean of the metric. With several parameters the x
/// axis is the first and each combination of the others' values is a line
/// of its own colour (`data-line`: "b=x"), named in a legend.
std::string ScanChartSvg(const ScanTable& scan, std::size_t metric);

}  // namespace timeit
