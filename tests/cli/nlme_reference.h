#pragma once

#include <string>
#include <vector>

namespace timeit::testing {

/// One value of a design of tests/stats/data/lme_designs.csv, the rows R's
/// values below are for.
struct DesignRun {
  int set;
  std::string host, boot;
  std::string value;  ///< as written, so a CSV made of it holds R's very numbers
};

/// The runs of `design`, in the file's order.
std::vector<DesignRun> NlmeDesign(const std::string& design);

/// R's value `what` (value, std_error, df, p, lower, upper, ...) of `term`
/// ("(Intercept)", "set1") for `design`, as tests/stats/data/lme_reference.csv
/// keeps what nlme's lme reported (checked against live R by the stats
/// tests where R is installed). NaN, and a test failure, when it has none.
double NlmeReference(const std::string& design, const std::string& what, const std::string& term);

}  // namespace timeit::testing
