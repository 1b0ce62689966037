#pragma once

#include <span>

#include "stats/data_set.h"

namespace timeit::stats {

/// The most data sets one plot (and one ministat report) can hold; they get
/// the symbols x + * % # @ O, and a cell shared by sets i and j shows the
/// symbol of (i+1)|(j+1), as ministat ORs them.
inline constexpr std::size_t kMaxDataSets = 7;

/// Symbol of set `index` (0-based): 'x' for the first.
char DataSetSymbol(std::size_t index);

/// Writes ministat's ASCII plot of `sets` to `out`: a frame `width` columns
/// wide inside its borders, one symbol per value stacked upwards in its
/// column, then the `|___A___M___|` bar (mean +/- stddev, A = mean,
/// M = median) shared by all sets or, with `separate_bars` (-s), one line
/// per set; or "[no plot, span is zero width]" when every value and
/// mean +/- stddev coincide.
///
/// Reproduces ministat exactly, quirks included: the plot's height is that
/// of the last set's tallest stack, and growing the height for a later set
/// blanks the rows it adds (so stacks of earlier sets above it vanish).
///
/// Preconditions (std::invalid_argument otherwise): 1..kMaxDataSets sets,
/// width >= 2, finite summaries.
void WritePlot(std::span<const DataSet> sets, int width, bool separate_bars, const TextSink& out);

}  // namespace timeit::stats
