#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "wrapper/compare/compare_sets.h"

namespace timeit {

/// The colour of the i-th set in every chart and legend of the HTML report:
/// the Okabe–Ito palette, told apart with colour-blindness and in greyscale
/// print better than most.
const char* SetColor(std::size_t set_index);

/// `text` escaped for XML text and attribute values (the report parses as XML).
std::string EscapeXml(std::string_view text);

/// An inline SVG strip plot of `metric`: one row per set of `in` with
/// values, every measured run a dot (jittered vertically so that equal
/// values stay visible), the mean a vertical bar, and its Student's t
/// confidence interval at `confidence_percent` a horizontal bar. The numbers
/// are in attributes too (`data-value`, `data-mean`, `data-ci-low`,
/// `data-ci-high`; the x scale in `data-lo`, `data-hi`, `data-x0`, `data-x1`)
/// so that tests can check the drawing against the CSV.
std::string StripPlotSvg(const CompareInput& in, const std::string& metric,
                         double confidence_percent);

/// An inline SVG of `metric` against the run number for every set, warm-up
/// runs included and drawn hollow (they are not in the statistics), so that
/// drift, warm-up effects and outliers show at a glance. The y scale is in
/// `data-lo`, `data-hi`, `data-y0`, `data-y1`; each dot has `data-run` and
/// `data-value`.
std::string RunOrderSvg(const CompareInput& in, const std::string& metric);

/// `v` for people, six significant digits as %.6g, but large numbers
/// written out with thousands separators (2,203,670, not 2.20367e+06).
std::string ReadableNumber(double v);

/// The mean of `values` and the half-width of its Student's t confidence
/// interval at `confidence_percent` (NaN below two values).
std::pair<double, double> MeanAndMargin(const std::vector<double>& values,
                                        double confidence_percent);

/// `v` as an axis label for ticks `step` apart: enough decimals to tell the
/// ticks apart, k/M/G/T from 10,000 on.
std::string TickLabel(double v, double step);

}  // namespace timeit
