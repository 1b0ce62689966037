#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platforms/system_roots.h"

namespace timeit::platforms {

/// One line of /proc/self/mountinfo, the fields a cgroup lookup needs.
struct MountEntry {
  std::string root;           ///< the mounted directory inside its filesystem ("/" mostly)
  std::string mount_point;    ///< where it is mounted, octal escapes (\040) decoded
  std::string fs_type;        ///< "cgroup2", "cgroup", "ext4", ...
  std::string super_options;  ///< e.g. "rw,memory" for a v1 memory hierarchy
};

/// Every entry of a mountinfo text; malformed lines are skipped.
std::vector<MountEntry> ParseMountinfo(std::string_view text);

/// The cgroup v2 path of a /proc/PID/cgroup text (its "0::" line), e.g.
/// "/user.slice/session-2.scope"; nullopt when there is none (v1 only).
std::optional<std::string> UnifiedCgroupPath(std::string_view text);

/// Where cgroup v2 is on this machine and where timeit is in it.
struct Cgroup2Location {
  std::string mount;     ///< /sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid hierarchy
  std::string own_path;  ///< timeit's cgroup inside the hierarchy, "/" for its root
  std::string own_dir;   ///< that cgroup's directory: the mount plus own_path
  /// Controllers bound to cgroup v1 hierarchies beside it ("memory", "blkio"):
  /// those cannot be had in v2 here (a hybrid hierarchy).
  std::vector<std::string> v1_controllers;
};

/// The cgroup v2 mount that holds `own_path` (/sys/fs/cgroup preferred, then
/// /sys/fs/cgroup/unified, then any) and the directory of that cgroup.
/// nullopt, with `why` set, when there is no such mount.
std::optional<Cgroup2Location> LocateCgroup2(const std::vector<MountEntry>& mounts,
                                             const std::string& own_path, std::string& why);

/// LocateCgroup2 for this process, from mountinfo and cgroup under roots.proc.
std::optional<Cgroup2Location> FindCgroup2(const SystemRoots& roots, std::string& why);

/// The words of a cgroup file such as cgroup.controllers or
/// cgroup.subtree_control ("cpu io memory pids"); empty when unreadable.
std::vector<std::string> ReadCgroupWords(const std::string& path);

/// The cgroup v2 name of a v1 controller where they differ (blkio is io).
std::string_view UnifiedControllerName(std::string_view v1_name);

}  // namespace timeit::platforms
