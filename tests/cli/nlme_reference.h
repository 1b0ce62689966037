#pragma once

#include <string>

namespace timeit::testing {

/// R's value `what` (value, std_error, df, p, lower, upper, ...) of `term`
/// ("(Intercept)", "set1") for `design`, as tests/stats/data/lme_reference.csv
/// keeps what nlme's lme reported (checked against live R by the stats
/// tests where R is installed). NaN, and a test failure, when it has none.
double NlmeReference(const std::string& design, const std::string& what, const std::string& term);

}  // namespace timeit::testing
