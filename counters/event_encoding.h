#pragma once

#include <cstdint>
#include <string>

namespace timeit::counters {

/// Where an encoding came from; shown by `timeit events`.
enum class EventOrigin {
  kLibpfm,      ///< pfm_get_os_event_encoding, e.g. skl::ICACHE_64B:IFTAG_MISS
  kGeneric,     ///< a kernel generic event, e.g. cpu-cycles, task-clock
  kRaw,         ///< rNNNN on the command line
  kTracepoint,  ///< subsystem:event, id read from tracefs
};

/// The perf_event_attr bits an event's modifiers set (perf's `:u`, `:k`,
/// `:G`..., or libpfm4's `:u=1`...). All false counts everything; when the
/// kernel forbids kernel counting, exclude_kernel is added at open.
struct EventModifiers {
  bool exclude_user = false;
  bool exclude_kernel = false;
  bool exclude_hv = false;
  bool exclude_host = false;
  bool exclude_guest = false;
  bool exclude_idle = false;
  bool pinned = false;     ///< always on a counter, never multiplexed (perf's D)
  bool exclusive = false;  ///< alone on the PMU (perf's e)
  bool operator==(const EventModifiers&) const = default;
};

/// What goes into perf_event_attr for one event.
struct EventEncoding {
  std::uint32_t type = 0;
  std::uint64_t config = 0;
  std::uint64_t config1 = 0;
  std::uint64_t config2 = 0;
  EventModifiers modifiers;
  EventOrigin origin = EventOrigin::kGeneric;
  std::string name;  ///< canonical name (libpfm4's, perf's generic, or the tracepoint)
};

/// Whether the event needs a PMU counter and so may be multiplexed:
/// everything but software events and tracepoints, which are always on.
bool MayMultiplex(const EventEncoding& encoding);

/// What counting user mode only (exclude_kernel) does to an event's count.
/// The kernel filters a software event or a tracepoint by the registers at
/// the moment it fires (perf_exclude_event, perf_tp_event_match), a PMU by
/// the privilege level it counts at; the clocks are not filtered at all.
enum class ModeEffect {
  /// cpu-clock, task-clock: the task's time, whatever exclude_* say
  /// (`task-clock:u` = `task-clock:k` = `task-clock`, also in perf stat).
  kNone,
  /// Counts only what happens in the modes left: hardware, hw-cache and raw
  /// PMU events; page faults (one taken in the kernel, on a copy to user
  /// memory, has the kernel's registers, so `page-faults:u` is fewer).
  kFiltered,
  /// Fires only in the kernel, with the kernel's registers: context switches,
  /// CPU migrations and cgroup switches (perf_sw_event_sched), so in user
  /// mode they count a silent 0.
  kKernelOnly,
};
ModeEffect ModeEffectOf(const EventEncoding& encoding);

/// "type 4 (raw), config 0x283" — config1 and modifiers added when set
/// (", user only", ", kernel only", ", pinned").
std::string DescribeEncoding(const EventEncoding& encoding);

}  // namespace timeit::counters
