/* The clone3 system call by hand: glibc (2.36) has no wrapper for it, and
 * its child must not return into C, so each architecture's entry is a few
 * instructions of assembly. */
#define _GNU_SOURCE
#include "wrapper/process/clone_on_stack.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>

/* struct clone_args of <linux/sched.h> as of Linux 5.7 (CLONE_ARGS_SIZE_VER2),
 * spelled here so that older headers build too. */
struct CloneArgs {
  uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls, set_tid,
      set_tid_size, cgroup;
};
_Static_assert(sizeof(struct CloneArgs) == 88, "clone_args v2 is 88 bytes");

static const long kClone3 = 435; /* the same number on every architecture */

/* The system call itself. The child starts on the new stack with the
 * registers of the call: each entry calls fn(arg) there and exits with its
 * value, and only the parent comes back. Returns the pid, or -errno. */
static long RawClone3(struct CloneArgs* args, size_t size, int (*fn)(void*), void* arg) {
#if defined(__x86_64__)
  long ret;
  register int (*r12)(void*) __asm__("r12") = fn;
  register void* r13 __asm__("r13") = arg;
  __asm__ volatile(
      "syscall\n\t"
      "test %%rax, %%rax\n\t"
      "jnz 1f\n\t"
      "xor %%ebp, %%ebp\n\t"
      "and $-16, %%rsp\n\t"
      "mov %%r13, %%rdi\n\t"
      "call *%%r12\n\t"
      "mov %%eax, %%edi\n\t"
      "mov $60, %%eax\n\t" /* exit */
      "syscall\n\t"
      "hlt\n\t"
      "1:\n\t"
      : "=a"(ret)
      : "a"(kClone3), "D"(args), "S"(size), "r"(r12), "r"(r13)
      : "rcx", "r11", "memory");
  return ret;
#elif defined(__i386__)
  long ret;
  /* ebx may be the PIC register: saved by hand, the arguments come in edx. */
  __asm__ volatile(
      "push %%ebx\n\t"
      "mov %%edx, %%ebx\n\t"
      "int $0x80\n\t"
      "test %%eax, %%eax\n\t"
      "jnz 1f\n\t"
      "xor %%ebp, %%ebp\n\t"
      "and $-16, %%esp\n\t"
      "sub $12, %%esp\n\t"
      "push %%edi\n\t"
      "call *%%esi\n\t"
      "mov %%eax, %%ebx\n\t"
      "mov $1, %%eax\n\t" /* exit */
      "int $0x80\n\t"
      "hlt\n\t"
      "1:\n\t"
      "pop %%ebx\n\t"
      : "=a"(ret)
      : "a"(kClone3), "d"(args), "c"(size), "S"(fn), "D"(arg)
      : "memory");
  return ret;
#elif defined(__aarch64__)
  register long x0 __asm__("x0") = (long)args;
  register long x1 __asm__("x1") = (long)size;
  register long x8 __asm__("x8") = kClone3;
  register int (*x19)(void*) __asm__("x19") = fn;
  register void* x20 __asm__("x20") = arg;
  __asm__ volatile(
      "svc #0\n\t"
      "cbnz x0, 1f\n\t"
      "mov x29, xzr\n\t"
      "mov x0, x20\n\t"
      "blr x19\n\t"
      "mov x8, #93\n\t" /* exit */
      "svc #0\n\t"
      "1:\n\t"
      : "+r"(x0)
      : "r"(x1), "r"(x8), "r"(x19), "r"(x20)
      : "memory");
  return x0;
#else
  (void)args;
  (void)size;
  (void)fn;
  (void)arg;
  return -ENOSYS;
#endif
}

long timeit_clone_on_stack(uint64_t flags, int cgroup_fd, char* stack, size_t stack_size,
                           int (*fn)(void*), void* arg) {
  const uintptr_t low = ((uintptr_t)stack + 15) & ~(uintptr_t)15;
  const uintptr_t high = ((uintptr_t)stack + stack_size) & ~(uintptr_t)15;
  struct CloneArgs args = {0};
  args.flags = flags;
  /* clone3 refuses an exit signal with CLONE_PARENT: the child's is then
   * the one we would send our own parent (SIGCHLD). */
  args.exit_signal = (flags & CLONE_PARENT) ? 0 : SIGCHLD;
  args.stack = low;
  args.stack_size = high - low;
  if (cgroup_fd >= 0) {
    args.flags |= TIMEIT_CLONE_INTO_CGROUP;
    args.cgroup = (uint64_t)cgroup_fd;
  }
  return RawClone3(&args, sizeof args, fn, arg);
}
