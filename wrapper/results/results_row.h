#pragma once

#include <time.h>

#include <string>
#include <string_view>
#include <vector>

#include "wrapper/results/series_metadata.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// Formats the rows of a results CSV. What is the same on every row (the
/// label and the series columns) is quoted once up front; each row is built
/// in a buffer that is reused, so a run costs no allocation here.
class ResultsRowFormatter {
 public:
  ResultsRowFormatter(std::string label, const SeriesMetadata& metadata,
                      std::vector<std::string> metric_columns);

  /// The header: run columns, metric columns, series columns.
  const std::vector<std::string>& columns() const { return columns_; }
  /// The label column's text on every row.
  const std::string& label() const { return label_; }

  /// Formats rows for a file with an earlier header (IsEarlierLayout): the
  /// series columns it lacks are left out.
  void UseFileColumns(const std::vector<std::string>& file_columns);

  /// One row, newline included. `status` is the exit status ("0"), the
  /// signal ("SIGSEGV") or "timeout"; `values` has one entry per metric
  /// column, nullopt giving an empty cell. The view lives until the next call.
  std::string_view Format(int run, bool warmup, const struct timespec& start_utc,
                          std::string_view status, const MetricValues& values,
                          std::string_view notes);

 private:
  void QuoteSeriesCells();

  SeriesMetadata metadata_;
  std::vector<std::string> columns_;
  std::size_t metric_count_;
  std::string label_;
  std::string label_field_;
  std::string series_suffix_;  ///< ",host,...,command\n" quoted
  std::string row_;
};

/// The `status` cell for a wait status: "0".."255", or the signal's name.
std::string_view StatusCell(int wait_status, bool timed_out, char (&buf)[16]);

}  // namespace timeit
