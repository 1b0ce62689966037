#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/tree_counters.h"

namespace timeit::counters {

/// How a series counts each run's events. The counter source holds one and
/// does not care which: by inheritance over the run's process tree
/// (TreeCounters), per CPU over the run's cgroup (CgroupCounters), or over
/// a process that is not timeit's (ProcessCounters, --count-pid).
class RunCounters {
 public:
  virtual ~RunCounters() = default;
  /// --rotate: the rotation group the next run counts (an index into the
  /// groups given at construction); the other groups' events are kOtherRun.
  virtual void SelectGroup(std::size_t /*group*/) {}
  /// Before the run's child is created: what the run starts from.
  virtual void BeforeStart() {}
  /// The child `pid` exists and waits before exec.
  virtual void Attach(pid_t /*pid*/) {}
  /// Whether Attach needs the child held before exec.
  virtual bool AttachesBeforeExec() const = 0;
  /// After the run: one reading per event, in order, each scaled by its own
  /// enabled/running over this run alone.
  virtual std::vector<CounterReading> Collect() = 0;
  /// What the user must be told about how the runs were counted, once each
  /// (said with the next run's notes).
  virtual std::vector<std::string> TakeNotes() { return {}; }
};

/// TreeCounters behind the interface: events opened once on timeit,
/// inherited by each run's child and folded back when it exits; `rotation`
/// as TreeCounters takes it.
std::unique_ptr<RunCounters> CountByInheritance(
    std::vector<EventEncoding> events, bool user_only, std::string pmu_counters,
    std::vector<std::vector<std::size_t>> rotation = {});

}  // namespace timeit::counters
