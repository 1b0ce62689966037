#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "counters/event_groups.h"
#include "counters/pre_exec_counters.h"
#include "counters/run_counters.h"

namespace timeit::counters {

/// Counts a cgroup as `perf stat -a -G` does: every event opened once per
/// online CPU with PERF_FLAG_PID_CGROUP, counting while a task of the cgroup
/// (or of a cgroup below it) runs on that CPU. Nothing is copied into a
/// child at fork, so a fork-heavy run costs what it costs without timeit;
/// the price is a read per group per CPU around each run (for the runs'
/// own cgroup, the one after the held child's last step before its release
/// and the one after the run; see CountedCgroup). A run's counts are the deltas
/// of those reads, each CPU's scaled by its own
/// enabled/running (for a cgroup event both advance only while the cgroup
/// runs there) before they are summed.
///
/// A cgroup's events count from the child's creation in it, inheritance
/// and perf stat from its exec. For the runs' own cgroup the child is held
/// (AttachesBeforeExec), and what it does from its held read until its exec
/// is counted on it alone (PreExecCounters) and taken out: each event then
/// counts what perf stat's enable_on_exec counts, exactly in user mode and
/// for tracepoints. Where that cannot be had (before Linux 5.13, no access
/// to /proc/PID/syscall, a count before the exec that was multiplexed) the
/// run's count keeps the child's few system calls and instructions before
/// its exec, and TakeNotes() says so.
///
/// Whose cgroup is counted.
///   kTheRuns  the series' own, the runs' parent: nothing of it runs between
///             two runs, so one run's closing read is the next one's opening
///             read where the child is not seen asleep (else the read then
///             is), and a run in which it never ran is not counted.
///   kAnother  a service's (--count-cgroup), which runs whenever it likes:
///             read before each run, and a run during which nothing of it
///             ran counts 0 (see SumScaled).
enum class CountedCgroup { kTheRuns, kAnother };

class CgroupCounters : public RunCounters {
 public:
  /// `rotation` (--rotate): groups of event indices, each one perf group per
  /// CPU, of which the selected one is enabled for a run (ioctl) and the
  /// others are disabled (a disabled group's reads stand still).
  CgroupCounters(const std::vector<EventEncoding>& events, bool user_only, int cgroup_fd,
                 const std::vector<int>& cpus, CountedCgroup whose, std::string pmu_counters = {},
                 std::vector<std::vector<std::size_t>> rotation = {});

  void SelectGroup(std::size_t group) override;
  void BeforeStart() override;
  /// Held only to take out the child's work before its exec.
  bool AttachesBeforeExec() const override { return pre_exec_ != nullptr; }
  void Attach(pid_t pid) override;
  std::vector<CounterReading> Collect() override;
  std::vector<std::string> TakeNotes() override;
  std::size_t cpus() const { return cpus_.size(); }

 private:
  std::vector<EventEncoding> events_;
  std::vector<int> cpus_;
  std::string pmu_counters_;
  CountedCgroup whose_;
  std::vector<std::vector<std::size_t>> rotation_;
  std::size_t current_ = 0;  ///< the selected rotation group
  std::vector<EventGroups> per_cpu_;
  std::vector<std::vector<RawCount>> baseline_;  ///< per CPU, per event
  std::vector<std::vector<bool>> baseline_ok_;
  bool baseline_is_last_run_ = false;  ///< kTheRuns: the last Collect's reads

  /// Whether event `e` counts in this run (its rotation group's, or none).
  bool CountsThisRun(std::size_t e) const;
  /// Whether `e` is a hardware event of a --rotate series: no count of the
  /// child's before its exec is taken for it.
  bool RotatedHardware(std::size_t e) const;
  /// Takes the child's count before its exec out of `readings`.
  void TakeOutPreExec(std::vector<CounterReading>& readings);
  void Note(std::string note);
  std::unique_ptr<PreExecCounters> pre_exec_;  ///< null: not held, counts from the creation
  bool pre_exec_opened_ = false;               ///< this run's child was seen asleep
  std::vector<std::string> notes_;
};

/// Whether a per-CPU event can be opened on the cgroup `cgroup_fd` here:
/// 0, or errno -- EACCES where perf_event_paranoid > 0 and timeit lacks
/// CAP_PERFMON, EBADF where the perf_event controller is bound to cgroup v1.
int ProbeCgroupCounting(int cgroup_fd, int cpu);

/// What ProbeCgroupCounting's errno means, and what to do about it.
std::string ExplainCgroupCountingErrno(int err);

/// "by cgroup: per-CPU events on each run's cgroup, 2 CPUs, no cost per fork".
std::string CgroupCountingPhrase(std::size_t cpus);

/// For `timeit events`: how a series would count its runs on this machine
/// now ("by cgroup: ..." or "by inheritance: why not by cgroup"), asked of
/// the kernel on timeit's own cgroup without creating anything.
std::string CountingModeHere(const std::vector<int>& cpus);

}  // namespace timeit::counters
