#include "wrapper/run/series_comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/same_file.h"
#include "wrapper/base/text.h"
#include "wrapper/compare/compare_command.h"
#include "wrapper/results/results_csv_reader.h"

namespace timeit {

void CheckSeriesComparison(const RunOptions& options, const std::string& csv_path,
                           const std::vector<std::string>& metric_columns) {
  if (options.baseline.empty() && options.sets.empty()) return;
  if (csv_path == "-")
    throw UsageError((options.sets.empty() ? std::string("--baseline")
                                           : options.sets.front().option.substr(
                                                 0, options.sets.front().option.find(' '))) +
                     " compares the results file afterwards: give -o FILE, not -o -");
  // A misspelt --compare-metrics would otherwise end the series with exit 2.
  const auto has = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  for (const std::string& m : options.compare_metrics)
    if (!has(metric_columns, m))
      throw UsageError(fmt::format("--compare-metrics {}: this series records no such metric{}",
                                   QuoteForMessage(m), DidYouMean(m, metric_columns)));
  if (options.baseline.empty()) return;
  // The comparison would read the file twice, or (by another path) compare
  // the grown file with itself: say so before hours of runs, not after.
  if (options.baseline == csv_path || SameFile(options.baseline, csv_path))
    throw UsageError(fmt::format(
        "--baseline {} is the results file of this series (-o {}): give the new runs their own "
        "file",
        options.baseline, csv_path));
  std::vector<std::string> warnings;
  // Throws, naming the file, on what compare refuses.
  const ResultsTable baseline = ReadResultsCsv(options.baseline, &warnings);
  for (const std::string& m : options.compare_metrics)
    if (!has(baseline.columns, m))
      throw UsageError(fmt::format("--compare-metrics {}: no such column in {}", QuoteForMessage(m),
                                   options.baseline));
}

int PrintSeriesComparison(const RunOptions& options, const std::string& csv_path, std::FILE* out) {
  if (options.baseline.empty() && options.sets.empty()) return kExitOk;
  CompareOptions compare;
  if (!options.baseline.empty()) compare.files.push_back(options.baseline);
  compare.files.push_back(csv_path);
  std::fputc('\n', out);
  compare.fail_on = options.fail_on;
  compare.threshold_percent = options.threshold_percent;
  compare.test = options.test;
  compare.metrics = options.compare_metrics;
  compare.bisect = options.bisect;
  compare.markdown = options.export_markdown;
  compare.all_metrics = options.all_metrics;
  if (options.baseline.empty())
    for (const SeriesSet& s : options.sets) compare.set_order.push_back(s.name);
  return RunComparison(compare, out);
}

}  // namespace timeit
