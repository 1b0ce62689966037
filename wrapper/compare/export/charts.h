#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/export/svg_parts.h"
#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// An inline SVG strip plot of `metric`: one row per set of `in` with
/// values, every measured run a dot (jittered vertically so that equal
/// values stay visible), the mean a vertical bar, and its Student's t
/// confidence interval at `confidence_percent` (stats::IntervalOfMean, as
/// the vitals table beside it) a horizontal bar. The numbers are in
/// attributes too (`data-value`, `data-mean`, `data-ci-low`, `data-ci-high`;
/// the x scale in `data-lo`, `data-hi`, `data-x0`, `data-x1`; the level in
/// `data-confidence`) so that tests can check the drawing against the CSV.
std::string StripPlotSvg(const CompareInput& in, const std::string& metric,
                         double confidence_percent);

/// An inline SVG of `metric` against the run number for every set, warm-up
/// runs included and drawn hollow (they are not in the statistics), so that
/// drift, warm-up effects and outliers show at a glance. The y scale is in
/// `data-lo`, `data-hi`, `data-y0`, `data-y1`; each dot has `data-run` and
/// `data-value`.
std::string RunOrderSvg(const CompareInput& in, const std::string& metric);

}  // namespace timeit
