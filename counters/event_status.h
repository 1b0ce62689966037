#pragma once

#include <string>
#include <string_view>

namespace timeit::counters {

/// The outcome for one event, a value the user sees once and the CSV shows
/// as an empty cell plus a note; never an exception, never a silent 0.
enum class EventStatus {
  kCounted,         ///< counted for the whole run
  kUnknown,         ///< no metric, generic event, tracepoint or libpfm4 event has the name
  kNotSupported,    ///< the kernel has no PMU (or no such event) for it
  kNotPermitted,    ///< perf_event_paranoid / capabilities forbid it
  kNotImplemented,  ///< the PMU's own event list lacks it: it would count a silent 0
  kNotCounted,      ///< opened, but it never ran (time_running 0): no free counter
  kMultiplexed,     ///< counted part of the time and scaled up
  kOtherRun,        ///< --rotate: its group counts in other runs of the series
};

std::string_view StatusName(EventStatus status);

/// Maps perf_event_open's errno to a status: EACCES/EPERM are privilege,
/// everything else the kernel refuses is "not supported".
EventStatus StatusFromOpenErrno(int err);

/// One sentence saying what perf_event_open's `err` means for this event
/// and what to do about it, with errno's text.
std::string ExplainOpenErrno(int err);

}  // namespace timeit::counters
