#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "platforms/system_roots.h"
#include "platforms/unique_fd.h"

namespace timeit {

/// The cgroups of a series (cgroup v2), all below the cgroup timeit runs in:
///
///   <own>/timeit-<pid>-<start>/         the series' cgroup: counters count it
///   <own>/timeit-<pid>-<start>/run-<k>  the runs' cgroup: empty when each run
///                                       starts; made anew for a run where the
///                                       last one's may not be kept (EndRun)
///   <own>/timeit-<pid>-<start>.self     timeit itself, only when it had to leave
///                                       <own> so that <own> may give its children
///                                       controllers (see EnableControllers)
///   <own>/timeit-kept                   --keep-daemons: what outlived its run
///
/// Nothing but the runs' cgroup is in the series' one, so the series' files
/// -- cgroup.events, cgroup.stat, cpu.stat, the pressure files, io.stat,
/// all of them over the whole subtree -- say what the run's would, and are
/// opened once: a run made in a new cgroup opens only its directory, its
/// cgroup.kill and its memory.peak.
///
/// <start> is timeit's start time (/proc/self/stat), so that a directory left
/// by a timeit killed with SIGKILL is told from one of a live timeit even
/// when its pid was reused; the next series removes it.
class SeriesCgroup {
 public:
  struct Wants {
    /// The memory controller, for mem-peak. Without it a run's cgroup is
    /// kept before Linux 6.12 too (see EndRun): --no-mem-peak.
    bool memory = true;
  };
  /// The series' cgroup, or null with `why` (no cgroup2, not writable, ...).
  /// `notes` gets what the user must be told once: stale directories
  /// removed, controllers that cannot be had and why.
  static std::unique_ptr<SeriesCgroup> Create(const platforms::SystemRoots& roots,
                                              const Wants& wants, std::string& why,
                                              std::vector<std::string>& notes);
  ~SeriesCgroup();
  SeriesCgroup(const SeriesCgroup&) = delete;
  SeriesCgroup& operator=(const SeriesCgroup&) = delete;

  /// The series' cgroup directory and an fd on it (PERF_FLAG_PID_CGROUP).
  const std::string& dir() const { return dir_; }
  int dir_fd() const { return dir_fd_.get(); }
  /// Whether each run's cgroup has `controller` ("memory", "io"), and if
  /// not, why (for the note of the columns that need it).
  bool HasController(std::string_view controller) const;
  std::string MissingController(std::string_view controller) const;
  const std::vector<std::string>& controllers() const { return controllers_; }
  const std::vector<std::pair<std::string, std::string>>& missing() const { return missing_; }
  /// Where --keep-daemons puts what outlives a run.
  std::string kept_dir() const { return own_ + "/timeit-kept"; }
  /// Whether a write to memory.peak resets it for the writer's fd (Linux
  /// 6.12): then a cgroup with the memory controller may serve the next run
  /// too, its peak reset at the run's start.
  bool peak_resettable() const { return peak_resettable_; }

  /// Before each run: its cgroup, empty -- the last run's where EndRun kept
  /// it, else a new one. Throws SystemError.
  void BeginRun();
  /// Whether BeginRun made the run's cgroup (its files count from 0) rather
  /// than kept the last run's (they count on from where that run left them).
  bool run_fresh() const { return run_fresh_; }
  /// The run's cgroup; -1 / empty before the first run and after one EndRun
  /// removed.
  int run_fd() const { return run_fd_.get(); }
  const std::string& run_dir() const { return run_dir_; }
  /// The run's cgroup.kill, open for a signal handler; -1 where the kernel
  /// has none (before 5.14).
  int run_kill_fd() const { return run_kill_fd_.get(); }
  /// After the command was reaped: what is still in the run's cgroup, as
  /// "pid (comm)", killed -- or, with `keep`, moved to <own>/timeit-kept.
  std::vector<std::string> SweepRun(bool keep);
  /// cgroup.kill was written to the run's cgroup behind our back (the
  /// timeout's signal handler): EndRun will not keep it. A cgroup once
  /// killed goes on killing every child cloned into it (seen on Linux 6.18:
  /// the next run died of SIGKILL at its first instruction).
  void RunWasKilled() { run_killed_ = true; }
  /// After the sources read the run's files: keeps the run's cgroup for the
  /// next run when nothing of this one is in it or below it, nothing was
  /// killed in it, and its memory.peak can be reset (or it has no memory
  /// controller), else removes it. Keeping saves a mkdir, an rmdir and three
  /// opens per run -- on the N1 model under -icount, with every controller,
  /// the run's cgroup costs about 3x less kept than made anew. Before Linux 6.12
  /// memory.peak counts from the cgroup's creation, so each run needs a new
  /// one. False (and the reason in `why`) when it could not be removed.
  bool EndRun(std::string& why);

 private:
  SeriesCgroup() = default;
  void EnableControllers(const std::vector<std::string>& v1_controllers, const Wants& wants);
  /// Enables `controller` in <own>'s subtree_control, leaving <own> for a
  /// .self cgroup once if <own> holds timeit alone; 0 or errno.
  int EnableInOwn(const std::string& controller);
  bool RemoveRun(std::string& why);
  void Remove();

  std::string own_;              ///< the cgroup timeit was started in
  std::string name_;             ///< timeit-<pid>-<start>
  std::string dir_;              ///< own_/name_
  platforms::UniqueFd dir_fd_;   ///< flock'ed while we live: how others tell we are not stale
  platforms::UniqueFd self_fd_;  ///< the same for own_/name_.self, once we moved there
  std::vector<std::string> controllers_;                      ///< the runs' controllers
  std::vector<std::pair<std::string, std::string>> missing_;  ///< controller, why
  std::vector<std::string> enabled_in_own_;                   ///< by us, undone when we move back
  bool moved_self_ = false;
  bool own_is_root_ = false;
  int runs_ = 0;
  std::string run_dir_;
  platforms::UniqueFd run_fd_;
  platforms::UniqueFd run_kill_fd_;
  platforms::UniqueFd run_subtree_fd_;  ///< its cgroup.subtree_control, once it is kept
  platforms::UniqueFd events_fd_;  ///< the series' cgroup.events: is anything of the run left?
  platforms::UniqueFd stat_fd_;    ///< the series' cgroup.stat: cgroups below the run's?
  bool peak_resettable_ = false;
  bool run_fresh_ = false;
  bool swept_empty_ = false;  ///< SweepRun found the run's cgroup empty
  bool run_killed_ = false;   ///< cgroup.kill was written to the run's cgroup
};

/// Removes the directories of earlier series in `own` whose timeit is gone
/// (killed with SIGKILL: a series removes its own), killing what was left in
/// them: those no live timeit holds an flock on and whose timeit's pid has
/// another start time now. Returns a note per directory removed.
std::vector<std::string> RemoveStaleSeries(const std::string& own, const std::string& proc_root);

}  // namespace timeit
