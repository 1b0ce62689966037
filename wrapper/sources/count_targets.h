#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"
#include "counters/run_counters.h"
#include "platforms/unique_fd.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// --count-cgroup PATH and --count-pid PID: what else runs during each run,
/// counted into columns of its own -- a database server for its client, a
/// build daemon for the build. The same events as the run's counters, each
/// column named by the counter's column and the target: syscalls@mariadb.service
/// (a cgroup: its directory's name) or syscalls@mariadbd (a process: its
/// command name); a cgroup also gets cgroup-user@NAME and cgroup-sys@NAME
/// (microseconds, cpu.stat). A target that did not run during a run counts 0.
class CountTargets {
 public:
  /// `columns` and `encodings`: the run's counter columns, and per column its
  /// encoding where it is counted here (nullopt: empty here too). Throws
  /// UsageError for a target that does not exist or cannot be counted.
  CountTargets(const std::vector<std::string>& columns,
               const std::vector<std::optional<counters::EventEncoding>>& encodings, bool user_only,
               std::vector<int> cpus, const std::vector<std::string>& cgroup_paths,
               const std::vector<pid_t>& pids);
  ~CountTargets();

  std::vector<std::string> Columns() const;
  void BeforeStart();
  void Collect(MetricValues& out);
  std::vector<std::string> TakeNotes();
  bool empty() const { return targets_.empty(); }

 private:
  struct Target;
  void AddCgroup(const std::string& path, bool user_only);
  void AddProcess(pid_t pid, bool user_only);
  std::vector<std::string> columns_;
  std::vector<int> cpus_;  ///< a cgroup target's events: one per online CPU
  std::vector<counters::EventEncoding> counted_;
  std::vector<int> slot_;  ///< per column: its index in counted_, or -1
  std::vector<std::unique_ptr<Target>> targets_;
  std::vector<std::string> notes_;
};

}  // namespace timeit
