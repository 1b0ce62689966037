#pragma once

#include <time.h>

#include <string>
#include <string_view>
#include <vector>

#include "wrapper/results/metric_columns.h"
#include "wrapper/results/series_metadata.h"

namespace timeit {

/// How a run ended, as its `status` and `status_text` cells have it.
struct RunStatus {
  int code = 0;  ///< the exit status, or 128+N after signal N (as a shell reports it)
  /// Empty for an exit; the signal's name ("SIGSEGV"); or "timeout" when
  /// --timeout killed the run.
  std::string text;
};

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
  /// series columns it lacks are left out, and without `status_text` the
  /// `status` cell is what it was then: the exit status, the signal's name
  /// or "timeout".
  void UseFileColumns(const std::vector<std::string>& file_columns);

  /// One row, newline included. `values` has one entry per metric column,
  /// nullopt giving an empty cell; `role` goes in the `role` column, when
  /// the header has one. The view lives until the next call.
  std::string_view Format(int run, bool warmup, const struct timespec& start_utc,
                          const RunStatus& status, const MetricValues& values,
                          std::string_view notes, RunRole role = RunRole::kEvery);

 private:
  void QuoteSeriesCells();

  SeriesMetadata metadata_;
  std::vector<std::string> columns_;
  std::size_t metric_count_;
  bool status_text_ = true;  ///< the header has `status_text`
  bool role_ = false;        ///< the header ends in `role`
  std::string label_;
  std::string label_field_;
  std::string series_suffix_;  ///< ",host,...,command" quoted (before `role`)
  std::string row_;
};

/// The RunStatus of a wait status.
RunStatus RunStatusOf(int wait_status, bool timed_out);

}  // namespace timeit
