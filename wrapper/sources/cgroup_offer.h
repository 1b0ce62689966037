#pragma once

#include <string>
#include <utility>
#include <vector>

namespace timeit {

/// What the sources know of the series' cgroups. The run mode fills it from
/// wrapper/process/series_cgroup.h; the sources read the cgroup's files and
/// open counters on it through these descriptors and names alone.
struct CgroupOffer {
  bool available = false;  ///< each run has a cgroup of its own
  std::string why_not;     ///< when not: what the user is told once
  int series_fd = -1;      ///< the series' cgroup (the runs' parent): counted by cgroup
  std::string series_dir;
  std::vector<std::string> controllers;  ///< of the runs' cgroups: "memory", "io"
  std::vector<std::pair<std::string, std::string>> missing;  ///< controller, why it is not there
  /// memory.peak takes a write that resets it for the writer's fd (Linux
  /// 6.12), so a run's cgroup may be the last run's, kept.
  bool peak_resettable = false;
};

}  // namespace timeit
