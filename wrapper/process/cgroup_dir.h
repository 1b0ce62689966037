#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// Operations on one cgroup v2 directory (Documentation/admin-guide/cgroup-v2.rst),
/// each one a file write or read; errno is kept where they fail.

/// Writes `text` to `dir`/`file` in one write(2): 0, or errno.
int WriteCgroupFile(const std::string& dir, const char* file, std::string_view text);

/// The processes in `dir` and every cgroup below it (cgroup.procs of each).
std::vector<pid_t> CgroupMembers(const std::string& dir);

/// The cgroups below `dir`, deepest first (the order rmdir needs).
std::vector<std::string> CgroupsBelow(const std::string& dir);

/// Whether cgroup.events says a process is in `dir` or below it.
bool CgroupPopulated(const std::string& dir);
/// The same through `events_fd`, that directory's cgroup.events kept open
/// (one pread); by path where it is -1.
bool CgroupPopulated(int events_fd, const std::string& dir);

/// cgroup.stat's nr_descendants through its open `stat_fd` (one pread): the
/// live cgroups below; -1 when unreadable.
long CgroupDescendants(int stat_fd);

/// Whether cgroup.subtree_control, through its open `subtree_fd` (one
/// pread), enables no controller for the cgroup's children; false when
/// unreadable.
bool CgroupGivesNoControllers(int subtree_fd);

/// Kills every process in `dir` and below: cgroup.kill where the kernel has
/// it (5.14), else SIGKILL to each member until none is left (a member may
/// fork while we read). Then waits, at most `seconds`, until the cgroup is
/// empty; false when something is still there.
bool KillCgroup(const std::string& dir, double seconds);

/// Removes `dir` and every cgroup below it, deepest first: 0, or errno of
/// the first rmdir that failed (EBUSY while a process is left).
int RemoveCgroupTree(const std::string& dir);

/// "1234 (sccache)": a process as the notes name it, from /proc/PID/comm.
std::string DescribeProcess(pid_t pid);

}  // namespace timeit
