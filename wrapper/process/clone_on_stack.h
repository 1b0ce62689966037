/* clone3(2) whose child runs a C function on a stack the caller gives: what
 * both timeit (ChildLauncher, through CloneIntoCgroup) and timeit-spawner
 * (C, no C++ runtime) start their children with. C, so that both can. */
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* clone3 with `flags` (CLONE_* of <sched.h> and the clone3-only ones) and,
 * when `cgroup_fd` >= 0, CLONE_INTO_CGROUP into that cgroup's directory. The
 * child starts on [stack, stack + stack_size), both ends 16-byte aligned
 * here, calls fn(arg) there and exits with its value; it never returns into
 * the caller's frames, which with CLONE_VM are the parent's. Its exit signal
 * is SIGCHLD (with CLONE_PARENT: the one we would send our own parent).
 * Returns the child's pid to the parent, or -errno: -ENOSYS where the
 * kernel (before 5.3), qemu-user or this architecture lacks clone3 (only
 * x86-64, i386 and arm64 have the entry here), -E2BIG or -EINVAL where
 * CLONE_INTO_CGROUP is unknown (before 5.7). */
long timeit_clone_on_stack(uint64_t flags, int cgroup_fd, char* stack, size_t stack_size,
                           int (*fn)(void*), void* arg);

/* CLONE_INTO_CGROUP and CLONE_CLEAR_SIGHAND, which older <sched.h> lack. */
#define TIMEIT_CLONE_INTO_CGROUP 0x200000000ULL  /* Linux 5.7 */
#define TIMEIT_CLONE_CLEAR_SIGHAND 0x100000000ULL /* Linux 5.5 */

#ifdef __cplusplus
}
#endif
