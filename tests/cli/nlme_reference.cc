#include "tests/cli/nlme_reference.h"
#include "tests/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace timeit::testing {

double NlmeReference(const std::string& design, const std::string& what, const std::string& term) {
  std::ifstream in(std::string(TIMEIT_SOURCE_DIR) + "/tests/stats/data/lme_reference.csv");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(design + "," + what + "," + term + ",", 0) == 0)
      return std::stod(line.substr(line.rfind(',') + 1));
  ADD_FAILURE() << "no " << what << " of " << term << " for " << design;
  return std::nan("");
}

}  // namespace timeit::testing
