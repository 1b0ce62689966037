#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "counters/event_groups.h"
#include "counters/run_counters.h"

namespace timeit::counters {

/// Counts a running process that is not timeit's child (--count-pid), as
/// `perf stat -p` does: the events opened once on each of its threads, with
/// inherit, so that threads and children it starts later are counted too.
/// A run's counts are the deltas of the reads around it, each thread's
/// scaled by its own enabled/running before they are summed.
class ProcessCounters : public RunCounters {
 public:
  /// Throws nothing: a process that is gone or not ours to count has its
  /// reason in every reading (see error()).
  ProcessCounters(const std::vector<EventEncoding>& events, bool user_only, pid_t pid);

  void BeforeStart() override;
  bool AttachesBeforeExec() const override { return false; }
  std::vector<CounterReading> Collect() override;

  /// The threads found when the events were opened.
  std::size_t threads() const { return per_thread_.size(); }

 private:
  std::vector<EventEncoding> events_;
  pid_t pid_;
  std::vector<pid_t> tids_;
  std::vector<EventGroups> per_thread_;
  std::vector<std::vector<RawCount>> baseline_;
  std::vector<std::vector<bool>> baseline_ok_;
};

/// The threads of `pid` (/proc/PID/task); empty when it does not exist.
std::vector<pid_t> ThreadsOf(pid_t pid);

}  // namespace timeit::counters
