#pragma once

#include <string>

namespace timeit {

/// A p-value as every report prints it, the summary's cell and a warning's
/// sentence alike: rounded to 4 decimals with trailing zeros dropped (0.0312,
/// 0.5, 1), "<0.0001" below that, "-" for NaN (no test ran). Four decimals
/// because the table is where p-values are read side by side, and a
/// sentence that rounded to three would say 0.005 where the table says
/// 0.0054.
std::string PValueText(double p);

/// PValueText in a sentence: "p = 0.0054", "p < 0.0001".
std::string PValueClause(double p);

}  // namespace timeit
