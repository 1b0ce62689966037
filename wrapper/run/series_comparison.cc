#include "wrapper/run/series_comparison.h"

#include <vector>

#include "wrapper/base/errors.h"
#include "wrapper/compare/compare_command.h"
#include "wrapper/results/results_csv_reader.h"

namespace timeit {

void CheckSeriesComparison(const RunOptions& options, const std::string& csv_path) {
  if (options.baseline.empty() && options.configs.empty()) return;
  if (csv_path == "-")
    throw UsageError(std::string(options.configs.empty() ? "--baseline" : "--config") +
                     " compares the results file afterwards: give -o FILE, not -o -");
  if (!options.baseline.empty()) {
    std::vector<std::string> warnings;
    ReadResultsCsv(options.baseline,
                   &warnings);  // throws, naming the file, on what compare refuses
  }
}

int PrintSeriesComparison(const RunOptions& options, const std::string& csv_path, std::FILE* out) {
  if (options.baseline.empty() && options.configs.empty()) return kExitOk;
  CompareOptions compare;
  if (!options.baseline.empty()) compare.files.push_back(options.baseline);
  compare.files.push_back(csv_path);
  std::fputc('\n', out);
  compare.fail_on = options.fail_on;
  compare.threshold_percent = options.threshold_percent;
  return RunComparison(compare, out);
}

}  // namespace timeit
