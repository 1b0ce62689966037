#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// The metric columns timeit's own measurement sources write, and what a
/// row holds of them. They are the CSV's vocabulary, so they live with the
/// CSV: the sources (wrapper/sources/) write them from here, and compare
/// reads them from here without linking a source, nor the counters and
/// libraries (libpfm4, elfutils) the sources need.

/// One run's values for a row's metric columns; nullopt is "not measured"
/// and becomes an empty CSV cell, never a 0.
using MetricValues = std::vector<std::optional<double>>;

/// What a run of a series is for (the `role` column, docs/csv-format.md). A
/// counter with a cost per event (the syscall tracepoint's handler runs in
/// every system call) would slow the command it counts, so by default a
/// series that counts one makes its -n timing runs without it and a few
/// counting runs, which count it, between the first of them.
enum class RunRole {
  kEvery,  ///< every metric from this run (--count-in-every-run, or nothing costs per event)
  kTime,   ///< a timing run: the per-event counters are not counted
  kCount,  ///< a counting run: only its per-event counters are the series'
};

/// The resource usage from wait4, in its source's column order: the three
/// times first (seconds), then wait4's counts.
inline constexpr std::array<std::string_view, 10> kResourceUsageColumns = {
    "real", "user", "sys", "maxrss", "minflt", "majflt", "nvcsw", "nivcsw", "inblock", "oublock"};
inline constexpr std::size_t kTimeColumnCount = 3;  ///< real, user, sys

/// The run's cgroup files (wrapper/sources/cgroup_source.h says what each is).
inline constexpr std::array<std::string_view, 8> kCgroupColumns = {
    "mem-peak", "psi-cpu",  "psi-memory",  "psi-io",
    "io-read",  "io-write", "cgroup-user", "cgroup-sys"};

/// The companion column of a counted metric, `<metric>.running`: the
/// fraction of the run its counter was on a PMU. The counter source writes
/// it, the results' readers skip it as a metric.
inline std::string RunningColumn(std::string_view metric) {
  return std::string(metric) + ".running";
}
/// True for a `<metric>.running` column (never a metric of its own).
constexpr bool IsRunningColumn(std::string_view column) { return column.ends_with(".running"); }

/// A metric the counter source derives from two counters, with its
/// direction: every other metric timeit writes is better when lower.
struct DerivedMetric {
  std::string_view name;
  bool higher_is_better;
};
inline constexpr std::string_view kIpcColumn = "ipc";  ///< instructions per cycle
/// Instruction-cache misses per thousand instructions.
inline constexpr std::string_view kIcacheMpkiColumn = "icache-mpki";
/// In the order compare shows them, after the counters.
inline constexpr std::array<DerivedMetric, 2> kDerivedMetrics = {{
    {kIpcColumn, true},
    {kIcacheMpkiColumn, false},
}};

/// The counting mode a user-mode series' counter columns carry ("ipc:u").
inline constexpr std::string_view kUserModeSuffix = ":u";

/// Whether `column` is better when higher by its name alone: a derived
/// metric that says so, counted in either mode ("ipc", "ipc:u"). The one
/// home of a metric's default direction; a metric of the command's output is
/// better when higher only when its series says so (`higher_is_better`,
/// from MeasurementSource::HigherIsBetter), and any other is better lower.
constexpr bool HigherIsBetterByName(std::string_view column) {
  if (column.ends_with(kUserModeSuffix)) column.remove_suffix(kUserModeSuffix.size());
  for (const DerivedMetric& m : kDerivedMetrics)
    if (m.name == column) return m.higher_is_better;
  return false;
}

}  // namespace timeit
