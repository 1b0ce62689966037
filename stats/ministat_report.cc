#include "stats/ministat_report.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "stats/ministat_plot.h"
#include "stats/vitals.h"

namespace timeit::stats {
namespace {

std::string Printf(const char* format, auto... args) {
  char buffer[256];
  const int n = std::snprintf(buffer, sizeof buffer, format, args...);
  if (n < 0) return {};
  if (static_cast<std::size_t>(n) < sizeof buffer)
    return std::string(buffer, static_cast<std::size_t>(n));
  std::string big(static_cast<std::size_t>(n) + 1, '\0');
  std::snprintf(big.data(), big.size(), format, args...);
  big.pop_back();
  return big;
}

}  // namespace

std::string FormatLegendLine(std::size_t index, const std::string& name) {
  std::string line(1, DataSetSymbol(index));
  line += ' ';
  line += name;
  line += '\n';
  return line;
}

std::string FormatDifference(const StudentComparison& c, double confidence_percent) {
  if (!c.significant) {
    return Printf("No difference proven at %.1f%% confidence\n", confidence_percent);
  }
  return Printf("Difference at %.1f%% confidence\n", confidence_percent) +
         Printf("\t%g +/- %g\n", c.difference, c.margin) +
         Printf("\t%g%% +/- %g%%\n", c.relative_percent, c.relative_margin_percent) +
         Printf("\t(Student's t, pooled s = %g)\n", c.pooled_stddev);
}

void WriteMinistat(std::span<const DataSet> sets, const MinistatOptions& options,
                   const TextSink& out) {
  if (sets.empty() || sets.size() > kMaxDataSets) {
    throw std::invalid_argument("ministat report: 1 to 7 data sets");
  }
  // -P changes the stddev everywhere it is shown or plotted.
  std::vector<DataSet> shown(sets.begin(), sets.end());
  if (options.population_stddev) {
    for (DataSet& set : shown) {
      const double n = static_cast<double>(set.summary.n);
      set.summary.stddev = std::sqrt(set.summary.variance) * std::sqrt((n - 1.0) / n);
    }
  }

  if (!options.quiet) {
    for (std::size_t i = 0; i < shown.size(); ++i) out(FormatLegendLine(i, shown[i].name));
  }
  if (!options.summary_only && !options.no_plot) {
    WritePlot(shown, options.width, options.separate_bars, out);
  }
  if (!options.quiet) out(FormatVitalsHeader());
  out(FormatVitalsRow(DataSetSymbol(0), shown[0].summary));
  for (std::size_t i = 1; i < shown.size(); ++i) {
    out(FormatVitalsRow(DataSetSymbol(i), shown[i].summary));
    if (options.summary_only || options.population_stddev) continue;
    const StudentComparison c =
        CompareStudent(sets[i].summary, sets[0].summary, options.confidence_percent);
    out(FormatDifference(c, options.confidence_percent));
  }
}

std::string RenderMinistat(std::span<const DataSet> sets, const MinistatOptions& options) {
  std::string text;
  WriteMinistat(sets, options, [&text](std::string_view piece) { text += piece; });
  return text;
}

}  // namespace timeit::stats
