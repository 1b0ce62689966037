#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "wrapper/compare/profile/profile_comparison.h"

namespace timeit {

/// The HTML report's "Where the difference is" section (empty without
/// profiles): per set, the table of the `top` functions that changed most,
/// as the text prints it, and a bar chart of their differences with each
/// interval as a whisker (SVG, no script; well-formed XML like the page).
std::string ProfileHtmlSection(const std::vector<ProfileComparison>& comparisons, std::size_t top,
                               double confidence_percent);

}  // namespace timeit
