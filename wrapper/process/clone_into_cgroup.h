#pragma once

#include <sys/types.h>

#include <cstddef>

namespace timeit {

/// clone3(2) with CLONE_VM on a stack of our own and CLONE_INTO_CGROUP: the
/// child runs `fn(arg)` on [stack, stack + stack_size), sharing our memory
/// as ChildLauncher's clone(CLONE_VM) child does, and is a member of the
/// cgroup whose directory `cgroup_fd` is from its first instruction. Writing
/// a pid to cgroup.procs instead migrates a running task, which waits for an
/// RCU grace period (about 1.5 ms a run on a 2-core VM, more than a spawn of
/// /bin/true); a child created in place costs nothing more than clone.
///
/// The child starts with every signal we handle at SIG_DFL
/// (CLONE_CLEAR_SIGHAND: no handler of ours can run in it, and it need not
/// reset them one system call each).
///
/// `vfork`: CLONE_VFORK, we sleep until the child execs or exits. The child
/// exits with fn's value should fn return. Returns the child's pid, or -1
/// with errno: ENOSYS where the kernel (before 5.3), qemu-user or this
/// architecture lacks clone3 (only x86-64, i386 and arm64 have the entry
/// here), E2BIG or EINVAL where CLONE_INTO_CGROUP is unknown (before 5.7).
pid_t CloneIntoCgroup(int (*fn)(void*), void* arg, char* stack, std::size_t stack_size,
                      int cgroup_fd, bool vfork);

/// Whether errno from CloneIntoCgroup means "no such system call here", as
/// opposed to a refusal of this cgroup (EBUSY, EOPNOTSUPP, EACCES).
bool Clone3Unavailable(int err);

}  // namespace timeit
