#pragma once

#include <sys/resource.h>
#include <sys/types.h>

namespace timeit {

/// Makes timeit the child subreaper (PR_SET_CHILD_SUBREAPER): processes the
/// command leaves behind when their parent exits are reparented to timeit
/// instead of init, so their resource usage can still be counted and none
/// can escape the cleanup below.
void BecomeSubreaper();

/// Reaps, without waiting, every child of timeit that has already exited:
/// orphans of the measured tree reparented to us. Their usage is added to
/// `usage` (sums; maxrss is the maximum). Returns how many were reaped.
int ReapExitedOrphans(struct rusage& usage);

/// After the command itself was reaped: kills (SIGKILL) what is left of its
/// process group, reaps it, adds its usage to `usage`, and returns how many
/// processes were still alive (0 in the normal case). Processes that left
/// the group on purpose (setsid daemons such as a compiler cache server)
/// are not touched.
int KillLeftovers(pid_t process_group, struct rusage& usage);

/// Adds `more` to `usage`: times and counts sum, maxrss is the maximum.
void AddUsage(struct rusage& usage, const struct rusage& more);

}  // namespace timeit
