#pragma once

#include <string>

#include "wrapper/sources/cgroup_offer.h"

namespace timeit {

/// --count-by: how the run's counters count its process tree.
enum class CountBy {
  kAuto,     ///< by cgroup where the runs have one and per-CPU events are allowed
  kInherit,  ///< events inherited by every fork, folded back at exit
  kCgroup,   ///< per-CPU events on the runs' cgroup (PERF_FLAG_PID_CGROUP)
};

/// How a series counts, decided once before the first run.
struct CountingChoice {
  bool by_cgroup = false;
  std::string note;  ///< the notes entry: which mode counted, and why not the other
  /// Whether the terminal hears it too: only when the series did not get what
  /// it would by default (no cgroup, per-CPU events refused). Counting by
  /// cgroup, or by inheritance as asked, is recorded in the CSV's notes alone,
  /// so that a run's first screen holds the command's numbers, not ours.
  bool announce = false;
};

/// Chooses for `asked`; throws UsageError when --count-by cgroup cannot be
/// had (no cgroup for the runs, per-CPU events not permitted), before the
/// first run.
CountingChoice ChooseCounting(CountBy asked, const CgroupOffer& offer,
                              const std::vector<int>& cpus);

}  // namespace timeit
