#include "tests/cli/nlme_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "tests/test_paths.h"

namespace timeit::testing {

std::vector<DesignRun> NlmeDesign(const std::string& design) {
  std::ifstream in(std::string(TIMEIT_SOURCE_DIR) + "/tests/stats/data/lme_designs.csv");
  std::string line;
  std::getline(in, line);
  std::vector<DesignRun> runs;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string name, set, host, boot, y;
    for (std::string* s : {&name, &set, &host, &boot, &y}) std::getline(f, *s, ',');
    if (name == design) runs.push_back({std::stoi(set), host, boot, y});
  }
  return runs;
}

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
