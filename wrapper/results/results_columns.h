#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "platforms/conditions.h"
#include "wrapper/results/metric_columns.h"

namespace timeit {

/// The columns of a results CSV (docs/csv-format.md): these run columns, then
/// one column per metric of the series' measurement sources, then these
/// series columns. Everything here is not a metric; everything between is.
/// `status` is numeric (the exit status, or 128+N for signal N as a shell
/// reports it) so that `status == 0` works in pandas and R; `status_text`
/// names the signal or says `timeout`. Files written before it existed have
/// the name in `status` and no `status_text`; compare reads both.
inline constexpr std::array<std::string_view, 6> kRunColumns = {"label", "run",    "warmup",
                                                                "start", "status", "status_text"};
/// The condition columns, named by platforms::ConditionFields() (boot_id ..
/// virtualized), in its order.
inline constexpr auto kConditionColumns = [] {
  std::array<std::string_view, platforms::kConditionFields.size()> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = platforms::kConditionFields[i].name;
  return names;
}();

/// The series columns: the conditions come after `platform`; files written
/// before they existed lack them.
inline constexpr auto kSeriesColumns = [] {
  constexpr std::string_view kBefore[] = {"notes",          "host",      "kernel_release",
                                          "kernel_version", "cpu_model", "platform"};
  constexpr std::string_view kAfter[] = {"timeit_version", "command"};
  std::array<std::string_view, std::size(kBefore) + kConditionColumns.size() + std::size(kAfter)>
      names{};
  std::size_t n = 0;
  for (std::string_view c : kBefore) names[n++] = c;
  for (std::string_view c : kConditionColumns) names[n++] = c;
  for (std::string_view c : kAfter) names[n++] = c;
  return names;
}();

constexpr bool IsConditionColumn(std::string_view name) {
  for (std::string_view c : kConditionColumns)
    if (c == name) return true;
  return false;
}

/// A counter's `<metric>.running` companion is named by RunningColumn and
/// told by IsRunningColumn (metric_columns.h, with the other metric columns
/// of timeit's own sources).

/// The time metrics, first of every results CSV: real, user, sys (seconds).
inline constexpr std::span<const std::string_view> kTimeColumns =
    std::span(kResourceUsageColumns).first<kTimeColumnCount>();

constexpr bool IsTimeColumn(std::string_view name) {
  for (std::string_view c : kTimeColumns)
    if (c == name) return true;
  return false;
}

/// A metric of the resource usage from wait4: a time or one of its counts
/// (maxrss, minflt, ...).
constexpr bool IsResourceUsageColumn(std::string_view name) {
  for (std::string_view c : kResourceUsageColumns)
    if (c == name) return true;
  return false;
}

/// A metric a report shows only when asked (compare's --all-metrics): the
/// resource usage beyond the times (maxrss, minflt, ...) and the run's
/// cgroup files (mem-peak, psi-cpu, cgroup-user, ...), with or without a
/// target ("cgroup-user@server"). The times, the counters and every metric
/// timeit does not know (a --metric, another program's column) are shown.
constexpr bool IsDetailColumn(std::string_view name) {
  name = name.substr(0, name.find('@'));
  if (IsTimeColumn(name)) return false;
  if (IsResourceUsageColumn(name)) return true;
  for (std::string_view c : kCgroupColumns)
    if (c == name) return true;
  return false;
}

/// A column that files of an earlier timeit may lack: `status_text` and the
/// condition columns.
constexpr bool IsLaterColumn(std::string_view name) {
  return name == "status_text" || IsConditionColumn(name);
}

/// A series column after `command`, only in series with metrics that are
/// better when higher (`--metric NAME=REGEX,higher`): their names, separated
/// by spaces. compare reads each metric's direction from it.
inline constexpr std::string_view kHigherIsBetterColumn = "higher_is_better";

/// The last column, only in series with counting runs: what each run was
/// for, `time` (a timing run: the counters that cost the command per event
/// were not counted) or `count` (a counting run: it counted them, and of its
/// metrics only those are the series'; they are empty in the timing rows).
/// An empty cell, or a file without the column, is a run whose every
/// metric counts (--count-in-every-run, an earlier timeit).
inline constexpr std::string_view kRoleColumn = "role";
inline constexpr std::string_view kTimingRole = "time";
inline constexpr std::string_view kCountingRole = "count";

/// True for the run and series columns above: compare skips them as metrics.
constexpr bool IsNonMetricColumn(std::string_view name) {
  if (name == kHigherIsBetterColumn || name == kRoleColumn) return true;
  for (std::string_view c : kRunColumns)
    if (c == name) return true;
  for (std::string_view c : kSeriesColumns)
    if (c == name) return true;
  return false;
}

/// True when `file` is `ours` without some of the later columns
/// (IsLaterColumn): a file written by a timeit that did not record them yet,
/// which a series may still append to (its rows then follow the file's
/// header; without `status_text`, `status` keeps its old meaning).
bool IsEarlierLayout(const std::vector<std::string>& file, const std::vector<std::string>& ours);

/// `header` as this timeit names its columns. An earlier one marked every
/// counter column of a user-mode series ":u", a clock's too ("task-clock:u",
/// "cpu-clock:u.running", "task-clock:u@server"), but a clock counts the
/// same time in either mode, so that ":u" is dropped: compare reads such a
/// file's task-clock as any other's, and a series appends to it. Kept where
/// the header also has the unmarked name (both named with -e).
std::vector<std::string> ColumnsAsNamedNow(std::vector<std::string> header);

}  // namespace timeit
