#pragma once

#include <string>

#include "wrapper/compare/verdicts/scan.h"

namespace timeit {

/// The scan's table as text, a heading line and one row per value, columns
/// aligned.
std::string FormatScanTable(const ScanTable& scan);

}  // namespace timeit
