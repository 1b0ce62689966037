#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "platforms/conditions.h"
#include "platforms/machine.h"

namespace timeit {

/// What a series ran on and what it ran, gathered once before the first run
/// and repeated on every CSV row (the series columns of results_columns.h),
/// so that series from different kernels and hosts can be told apart later.
struct SeriesMetadata {
  std::string host;
  std::string kernel_release;
  std::string kernel_version;
  std::string cpu_model;
  std::string platform;  ///< the counter platform detected from cpuinfo; "generic" when none fits
  std::string timeit_version;
  std::string command;  ///< the command line, quoted as a shell would need it (CommandCell)
  /// The metrics better when higher, separated by spaces: the
  /// `higher_is_better` column, which only exists when this is not empty.
  std::string higher_is_better;
  /// What can skew a comparison, read at the start of the series under
  /// the run's Machine's roots (default /proc and /sys).
  platforms::Conditions conditions;
  /// The whole command line's length in bytes: more than `command` holds
  /// when CommandCell cut it.
  std::size_t command_bytes = 0;
  /// The series alternates timing and counting runs (RunRole): the `role`
  /// column, last, exists only then. Last here, so that the fields before
  /// keep their places in aggregate initialisers.
  bool counting_runs = false;
};

/// The series' metadata: `machine`'s uname, cpu_model and platform as
/// read once for the run (the counters were given the same Machine, so
/// $TIMEIT_CPUINFO and $TIMEIT_PROC_ROOT count here as for them), and its
/// conditions, read now.
SeriesMetadata GatherSeriesMetadata(const platforms::Machine& machine,
                                    const std::vector<std::string>& command, bool shell);

/// The value of series column `column` (one of kSeriesColumns but
/// `notes`); empty for a name that is not one.
std::string SeriesCell(const SeriesMetadata& m, std::string_view column);

/// `words` as one shell command line: words with blanks or shell
/// metacharacters are single-quoted.
std::string ShellQuoteCommand(const std::vector<std::string>& words);

/// The most bytes of a command line the `command` cell holds. Python's csv
/// module refuses a field over 131072 characters by default
/// (csv.field_size_limit): a cell of a command built by xargs would make
/// the whole file unreadable there for one column nobody computes with.
inline constexpr std::size_t kCommandCellBytes = 65536;

/// `command` as its cell: itself, or when longer than kCommandCellBytes its
/// start (cut between UTF-8 characters) and " ... (N bytes)".
std::string CommandCell(const std::string& command);

}  // namespace timeit
