#include "wrapper/compare/report/scan_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "wrapper/base/text.h"
#include "wrapper/compare/verdicts/readable_numbers.h"

namespace timeit {

std::string FormatScanTable(const ScanTable& scan) {
  // A column per parameter, then per metric a column of means and one of
  // half-widths, each right-aligned, so that the "+/-" stand one under the other.
  std::vector<std::size_t> value_width;
  for (std::size_t p = 0; p < scan.parameters.size(); ++p) {
    value_width.push_back(TerminalColumns(scan.parameters[p]));
    for (const auto& values : scan.settings)
      value_width[p] = std::max(value_width[p], TerminalColumns(values[p]));
  }
  std::vector<std::size_t> mean_width(scan.metrics.size(), 0), margin_width(scan.metrics.size(), 0);
  for (const auto& row : scan.cells)
    for (std::size_t m = 0; m < row.size(); ++m) {
      mean_width[m] = std::max(mean_width[m], TerminalColumns(row[m].mean));
      margin_width[m] = std::max(margin_width[m], TerminalColumns(row[m].margin));
    }
  const auto right = [](const std::string& text, std::size_t width) {
    return std::string(width - std::min(width, TerminalColumns(text)), ' ') + text;
  };
  const auto left = [&value_width](const std::vector<std::string>& words) {
    std::string text;
    for (std::size_t p = 0; p < words.size(); ++p)
      text += (p > 0 ? "  " : "") + words[p] +
              std::string(value_width[p] - TerminalColumns(words[p]), ' ');
    return text;
  };
  std::string names;
  for (const std::string& p : scan.parameters) names += (names.empty() ? "" : ", ") + p;
  std::string out =
      fmt::format("Scan of {}: each metric's mean +/- its {}% interval (Student's t)\n", names,
                  ReadablePercent(scan.confidence_percent, false));
  std::string header = left(scan.parameters);
  for (std::size_t m = 0; m < scan.metrics.size(); ++m)
    header += "  " + right(scan.metrics[m], mean_width[m] + 5 + margin_width[m]);
  out += header + '\n';
  for (std::size_t v = 0; v < scan.values.size(); ++v) {
    std::string line = left(scan.settings[v]);
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
