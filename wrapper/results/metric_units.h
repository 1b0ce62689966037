#pragma once

#include <string>
#include <string_view>

namespace timeit {

/// How a metric is shown to a person: in one unit, the same in every
/// ministat block, summary, export and chart, whatever unit the results CSV
/// keeps it in (docs/csv-format.md: task-clock in nanoseconds, the cgroup's
/// times in microseconds), so that a block of task-clock reads in seconds
/// beside real, user and sys.
struct DisplayUnit {
  std::string_view unit;    ///< "s", "KiB", "B"; empty for a count or a metric we do not know
  double per_csv_unit = 1;  ///< multiplies a CSV value into `unit` (task-clock: 1e-9)
};

/// The unit of `metric`: real, user, sys, task-clock (ns in the CSV), the
/// cgroup's cgroup-user, cgroup-sys and psi-* (microseconds) and Google
/// benchmark's real_time and cpu_time in seconds; maxrss and mem-peak in
/// KiB; io-read and io-write in bytes; no unit for counts and for metrics
/// timeit does not know (a --metric, a column of another CSV). A counting
/// modifier (":u") or target ("@server") does not change the unit.
DisplayUnit DisplayUnitOf(std::string_view metric);

/// `metric` with its unit for a legend or a header: "task-clock (s)",
/// "maxrss (KiB)"; the name alone without a unit ("syscalls").
std::string WithUnit(std::string_view metric);

}  // namespace timeit
