#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "stats/summary.h"

namespace timeit::stats {

/// One named series of numbers as the ministat report sees it. The values
/// are not owned (a ministat file of 5,000,000 values is 40 MB; copying it
/// would double the footprint) and may be in any order: the plot counts
/// them per column and never needs them sorted.
struct DataSet {
  std::string name;                ///< shown in the legend: "x name"
  std::span<const double> values;  ///< the caller keeps them alive
  Summary summary;                 ///< of `values`
};

/// A DataSet over `values`, summarised with SummarizeUnordered, which
/// reorders `values` (selection for the median).
inline DataSet MakeDataSet(std::string name, std::span<double> values) {
  const Summary summary = SummarizeUnordered(values);
  return DataSet{std::move(name), values, summary};
}

/// Where rendered text goes, a piece at a time: a plot of millions of
/// stacked points is written row by row instead of being built in memory.
using TextSink = std::function<void(std::string_view)>;

}  // namespace timeit::stats
