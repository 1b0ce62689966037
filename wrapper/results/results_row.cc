#include "wrapper/results/results_row.h"

#include <fmt/format.h>
#include <string.h>
#include <sys/wait.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "wrapper/base/csv_text.h"
#include "wrapper/results/results_columns.h"

namespace timeit {

ResultsRowFormatter::ResultsRowFormatter(std::string label, const SeriesMetadata& m,
                                         std::vector<std::string> metric_columns)
    : metadata_(m), metric_count_(metric_columns.size()) {
  columns_.assign(kRunColumns.begin(), kRunColumns.end());
  columns_.insert(columns_.end(), metric_columns.begin(), metric_columns.end());
  columns_.insert(columns_.end(), kSeriesColumns.begin(), kSeriesColumns.end());
  if (!m.higher_is_better.empty()) columns_.emplace_back(kHigherIsBetterColumn);
  if (m.counting_runs) columns_.emplace_back(kRoleColumn);
  AppendCsvField(label_field_, label);
  label_ = std::move(label);
  QuoteSeriesCells();
  row_.reserve(1024);
}

void ResultsRowFormatter::UseFileColumns(const std::vector<std::string>& file_columns) {
  columns_ = file_columns;
  // Run columns come first; a file of an earlier timeit ends them at `status`.
  status_text_ = columns_.size() >= kRunColumns.size() &&
                 columns_[kRunColumns.size() - 1] == kRunColumns.back();
  QuoteSeriesCells();
}

/// The series cells after `notes`, for the series columns columns_ has
/// (`role`, the run's own, is written with each row).
void ResultsRowFormatter::QuoteSeriesCells() {
  series_suffix_.clear();
  role_ = !columns_.empty() && columns_.back() == kRoleColumn;
  const std::size_t run_columns = kRunColumns.size() - (status_text_ ? 0 : 1);
  const std::size_t first = run_columns + metric_count_ + 1;  // after notes
  for (std::size_t i = first; i + (role_ ? 1 : 0) < columns_.size(); ++i) {
    series_suffix_.push_back(',');
    AppendCsvField(series_suffix_, SeriesCell(metadata_, columns_[i]));
  }
}

std::string_view ResultsRowFormatter::Format(int run, bool warmup, const struct timespec& start,
                                             const RunStatus& status, const MetricValues& values,
                                             std::string_view notes, RunRole role) {
  row_.clear();
  auto out = std::back_inserter(row_);
  // The calendar by arithmetic: glibc's gmtime_r re-reads /etc/localtime
  // (seven system calls) on every row.
  using namespace std::chrono;
  const sys_seconds seconds{std::chrono::seconds(start.tv_sec)};
  const sys_days day = floor<days>(seconds);
  const year_month_day date(day);
  const hh_mm_ss<std::chrono::seconds> time(seconds - day);
  row_ += label_field_;
  fmt::format_to(out, ",{},{},{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z,", run, warmup ? 1 : 0,
                 static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                 static_cast<unsigned>(date.day()), time.hours().count(), time.minutes().count(),
                 time.seconds().count(), start.tv_nsec / 1000000);
  if (status_text_) {
    fmt::format_to(out, "{},", status.code);
    AppendCsvField(row_, status.text);
  } else if (status.text.empty()) {  // an earlier layout: `status` held the name
    fmt::format_to(out, "{}", status.code);
  } else {
    AppendCsvField(row_, status.text);
  }
  for (std::size_t i = 0; i < metric_count_; ++i) {
    row_.push_back(',');
    if (i >= values.size() || !values[i].has_value()) continue;
    // The shortest form that reads back exactly; a whole number in digits
    // even from 1e16 on, where that form is e-notation (a count of a day's
    // cycles of many CPUs).
    const double v = *values[i];
    if (std::fabs(v) >= 1e16 && std::fabs(v) < 1e19 && v == std::trunc(v))
      fmt::format_to(out, "{:.0f}", v);
    else
      fmt::format_to(out, "{}", v);
  }
  row_.push_back(',');
  AppendCsvField(row_, notes);
  row_ += series_suffix_;
  if (role_) {
    row_.push_back(',');
    row_ += role == RunRole::kTime ? kTimingRole : role == RunRole::kCount ? kCountingRole : "";
  }
  row_.push_back('\n');
  return row_;
}

RunStatus RunStatusOf(int wait_status, bool timed_out) {
  RunStatus s;
  if (WIFEXITED(wait_status)) {
    s.code = WEXITSTATUS(wait_status);
  } else if (WIFSIGNALED(wait_status)) {
    const int sig = WTERMSIG(wait_status);
    s.code = 128 + sig;
    const char* name = sigabbrev_np(sig);
    s.text = name != nullptr ? std::string("SIG") + name : "signal " + std::to_string(sig);
  } else {
    s.code = 128;  // neither: not seen from wait4 without WUNTRACED
    s.text = "?";
  }
  if (timed_out) s.text = "timeout";
  return s;
}

}  // namespace timeit
