#include "stats/ministat_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace timeit::stats {
namespace {

constexpr char kSymbols[] = {' ', 'x', '+', '*', '%', '#', '@', 'O'};

/// ministat's x axis: a column is dx wide and column 0 is centred on the
/// smallest value, so column = (value - x0) / dx truncated.
struct Axis {
  double x0 = 0;
  double dx = 0;
  int width = 0;

  /// The column of `v`, truncated like ministat's double-to-int assignment.
  /// The clamp never triggers for values inside the axis range; it keeps a
  /// rounding accident from writing outside the row.
  std::size_t Column(double v) const {
    const double c = (v - x0) / dx;
    if (!(c >= 0)) return 0;
    const auto column = static_cast<std::size_t>(c);
    return std::min(column, static_cast<std::size_t>(width - 1));
  }
};

/// One set's points per column, and ministat's height for it: its tallest
/// stack plus one (at least 2).
struct Stacks {
  std::vector<std::uint32_t> count;
  std::size_t height = 0;
};

Stacks CountStacks(const DataSet& set, const Axis& axis) {
  // A column's points are consecutive in sorted order (the column is
  // monotonic in the value), so ministat's run lengths are column counts.
  Stacks s;
  s.count.assign(static_cast<std::size_t>(axis.width), 0);
  std::uint32_t tallest = 1;
  for (double v : set.values) tallest = std::max(tallest, ++s.count[axis.Column(v)]);
  s.height = std::size_t{tallest} + 1;
  return s;
}

/// Marks one set's mean +/- stddev, median and mean on `bar`, in ministat's
/// order: the later marks win, and '_' only fills empty cells.
void MarkBar(const Summary& s, const Axis& axis, std::string& bar) {
  if (!std::isnan(s.stddev)) {
    const std::size_t left = axis.Column(s.mean - s.stddev);
    const std::size_t right = axis.Column(s.mean + s.stddev);
    bar[right] = '|';
    bar[left] = '|';
    for (std::size_t i = left + 1; i < right; ++i) {
      if (bar[i] == ' ') bar[i] = '_';
    }
  }
  bar[axis.Column(s.median)] = 'M';
  bar[axis.Column(s.mean)] = 'A';
}

/// Whether set `k`'s marks in `row` survive: ministat grows its buffer when
/// a later set k' is taller than its predecessor and clears the rows
/// [height(k'-1), height(k')), erasing what earlier sets had put there.
bool Survives(const std::vector<Stacks>& stacks, std::size_t k, std::size_t row) {
  for (std::size_t later = k + 1; later < stacks.size(); ++later) {
    if (stacks[later - 1].height <= row && row < stacks[later].height) return false;
  }
  return true;
}

}  // namespace

char DataSetSymbol(std::size_t index) { return index < kMaxDataSets ? kSymbols[index + 1] : '?'; }

void WritePlot(std::span<const DataSet> sets, int width, bool separate_bars, const TextSink& out) {
  if (sets.empty() || sets.size() > kMaxDataSets) {
    throw std::invalid_argument("ministat plot: 1 to 7 data sets");
  }
  if (width < 2) throw std::invalid_argument("ministat plot: width below 2");

  double lo = 999e99, hi = -999e99;  // ministat's starting values
  for (const DataSet& set : sets) {
    const Summary& s = set.summary;
    for (double a : {s.min, s.max, s.mean - s.stddev, s.mean + s.stddev}) {
      if (a < lo) lo = a;
      if (a > hi) hi = a;
    }
  }
  const double span = hi - lo;
  if (span == 0) {
    out("[no plot, span is zero width]\n");
    return;
  }
  Axis axis;
  axis.width = width;
  axis.dx = span / (width - 1.0);
  axis.x0 = lo - .5 * axis.dx;
  const auto columns = static_cast<std::size_t>(width);

  std::vector<Stacks> stacks;
  std::vector<std::string> bars(separate_bars ? sets.size() : 1, std::string(columns, ' '));
  for (std::size_t k = 0; k < sets.size(); ++k) {
    stacks.push_back(CountStacks(sets[k], axis));
    MarkBar(sets[k].summary, axis, bars[separate_bars ? k : 0]);
  }

  const std::string border = "+" + std::string(columns, '-') + "+\n";
  out(border);
  std::string line(columns + 3, ' ');
  line.front() = '|';
  line[columns + 1] = '|';
  line.back() = '\n';
  for (std::size_t row = stacks.back().height - 1; row >= 1; --row) {
    std::uint32_t alive = 0;  // bit k: set k's marks in this row survive
    for (std::size_t k = 0; k < sets.size(); ++k) {
      if (Survives(stacks, k, row)) alive |= 1u << k;
    }
    for (std::size_t c = 0; c < columns; ++c) {
      std::size_t cell = 0;
      for (std::size_t k = 0; k < sets.size(); ++k) {
        if ((alive >> k & 1u) != 0 && stacks[k].count[c] >= row) cell |= k + 1;
      }
      line[c + 1] = kSymbols[cell];
    }
    out(line);
  }
  for (const std::string& bar : bars) out("|" + bar + "|\n");
  out(border);
}

}  // namespace timeit::stats
