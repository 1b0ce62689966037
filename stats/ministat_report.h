#pragma once

#include <span>
#include <string>

#include "stats/comparison.h"
#include "stats/data_set.h"

namespace timeit::stats {

/// How a ministat block is laid out; the fields mirror ministat's options.
struct MinistatOptions {
  double confidence_percent = 95;  ///< -c, in (0, 100); see StudentCritical
  int width = 74;                  ///< -w, plot columns inside the frame, >= 2
  bool separate_bars = false;      ///< -s, one mean/median bar per set
  bool no_plot = false;            ///< -A, statistics and differences, no plot
  bool summary_only = false;       ///< -n, vitals only: no plot, no differences
  bool quiet = false;              ///< -q, no legend and no vitals header
  bool population_stddev = false;  ///< -P, stddev over n, and no differences
};

/// Writes the block current FreeBSD ministat prints for `sets` (the first is
/// the baseline), byte for byte:
///
///     x base             <- legend, one line per set (not with quiet)
///     + new
///     +------...------+  <- plot (not with no_plot or summary_only)
///     |x  +   x+  ... |
///     | |__A_M__|     |
///     +------...------+
///         N           Min           Max        Median           Avg        Stddev
///     x   5 ...          <- vitals (header not with quiet)
///     + 5 ...
///     Difference at 95.0% confidence    <- after each later set's vitals
///         <d> +/- <e>                       (not with summary_only or
///         <d%>% +/- <e%>%                    population_stddev)
///         (Student's t, pooled s = <s>)
///
/// Preconditions (std::invalid_argument otherwise): 1..7 sets; a width of
/// at least 2 when a plot is drawn.
void WriteMinistat(std::span<const DataSet> sets, const MinistatOptions& options,
                   const TextSink& out);

/// WriteMinistat into a string.
std::string RenderMinistat(std::span<const DataSet> sets, const MinistatOptions& options);

/// The legend line of set `index`: "x name\n".
std::string FormatLegendLine(std::size_t index, const std::string& name);

/// ministat's verdict for one comparison, at `confidence_percent`:
/// "No difference proven at 95.0% confidence\n", or "Difference at 95.0%
/// confidence\n" and the three indented lines (absolute difference,
/// relative difference, pooled s).
std::string FormatDifference(const StudentComparison& c, double confidence_percent);

}  // namespace timeit::stats
