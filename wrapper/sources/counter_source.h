#pragma once

#include <memory>
#include <string>
#include <vector>

#include "platforms/machine.h"
#include "wrapper/sources/cgroup_offer.h"
#include "wrapper/sources/counting_mode.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The perf-counter measurement source. `events` holds the user's -e words
/// (our metric names, libpfm4 event strings, raw rNNNN); empty means the
/// default set for the detected platform. Events are resolved and probed
/// here, once, so that Columns() is fixed before the series starts.
///
/// Columns: one per counter, named by its -e word (with ":u" appended when
/// kernel counting is forbidden and only user mode is counted, unless the
/// word ends in ":u" already); then
/// `<name>.running`, the fraction of the run the counter was on a PMU, for
/// each counter that can be multiplexed (not the software metrics); then
/// `ipc` and `icache-mpki` when their inputs are among the counters.
/// The machine is the run's, read once (platforms::Machine): its roots for
/// the PMU lists and perf_event_paranoid, its platform for the event table
/// and its PMUs for whether there is a hardware one (the run mode reads it
/// where platforms::SystemRootsFromEnvironment() says: tests use fixture
/// trees).
///
/// The tree is counted by inheritance or, where the runs have a cgroup and
/// per-CPU events are allowed, by cgroup (counting_mode.h); the first run's
/// notes say which. Then the columns of --count-cgroup and --count-pid
/// (count_targets.h). Throws UsageError for an unknown event, --count-by
/// cgroup where it cannot be had, and a target that cannot be counted.
struct CounterSourceOptions {
  /// --force-events: count events the PMU's sysfs list lacks.
  bool force_events = false;
  /// --rotate: hardware events that do not fit the PMU at once are split
  /// into groups that do (counters/rotation_plan.h), each counted exactly in
  /// its share of the runs, one group a run; a run's other groups' cells are
  /// empty and its notes name the group it counted. A usage error when an
  /// event fits the PMU not even alone.
  bool rotate = false;
  /// --count-in-every-run: the counters that cost the command per event
  /// (per_event_cost.h) are counted in every run, as before timing runs
  /// existed; without it they are counted in counting runs of their own
  /// (RunRole::kCount) and left out of the timing runs.
  bool count_in_every_run = false;
  CountBy count_by = CountBy::kAuto;       ///< --count-by
  CgroupOffer cgroup;                      ///< the runs' cgroups, to count by cgroup
  std::vector<std::string> count_cgroups;  ///< --count-cgroup PATH, in order
  std::vector<pid_t> count_pids;           ///< --count-pid PID, in order
};
std::unique_ptr<MeasurementSource> MakeCounterSource(const platforms::Machine& machine,
                                                     const std::vector<std::string>& events,
                                                     const CounterSourceOptions& options = {});

}  // namespace timeit
