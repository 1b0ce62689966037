#include "wrapper/compare/report/scan_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "wrapper/base/text.h"
#include "wrapper/compare/verdicts/readable_numbers.h"

namespace timeit {

std::string FormatScanTable(const ScanTable& scan) {
  // Per metric a column of means and one of half-widths, each right-aligned,
  // so that the "+/-" stand one under the other.
  std::size_t value_width = TerminalColumns(scan.parameter);
  for (const std::string& v : scan.values) value_width = std::max(value_width, TerminalColumns(v));
  std::vector<std::size_t> mean_width(scan.metrics.size(), 0), margin_width(scan.metrics.size(), 0);
  for (const auto& row : scan.cells)
    for (std::size_t m = 0; m < row.size(); ++m) {
      mean_width[m] = std::max(mean_width[m], TerminalColumns(row[m].mean));
      margin_width[m] = std::max(margin_width[m], TerminalColumns(row[m].margin));
    }
  const auto right = [](const std::string& text, std::size_t width) {
    return std::string(width - std::min(width, TerminalColumns(text)), ' ') + text;
  };
  std::string out =
      fmt::format("Scan of {}: each metric's mean +/- its {}% interval (Student's t)\n",
                  scan.parameter, ReadablePercent(scan.confidence_percent, false));
  std::string header =
      scan.parameter + std::string(value_width - TerminalColumns(scan.parameter), ' ');
  for (std::size_t m = 0; m < scan.metrics.size(); ++m)
    header += "  " + right(scan.metrics[m], mean_width[m] + 5 + margin_width[m]);
  out += header + '\n';
  for (std::size_t v = 0; v < scan.values.size(); ++v) {
    std::string line =
        scan.values[v] + std::string(value_width - TerminalColumns(scan.values[v]), ' ');
    for (std::size_t m = 0; m < scan.metrics.size(); ++m) {
      const std::size_t cell = mean_width[m] + 5 + margin_width[m];
      const std::size_t head = TerminalColumns(scan.metrics[m]);
      line += "  " + std::string(head > cell ? head - cell : 0, ' ') +
              right(scan.cells[v][m].mean, mean_width[m]) + " +/- " +
              right(scan.cells[v][m].margin, margin_width[m]);
    }
    out += line + '\n';
  }
  return out;
}

}  // namespace timeit
