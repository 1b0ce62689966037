#include "wrapper/process/clone_into_cgroup.h"

#include <sched.h>
#include <signal.h>

#include <cerrno>
#include <cstdint>

namespace timeit {
namespace {

/// struct clone_args of <linux/sched.h> as of Linux 5.7 (CLONE_ARGS_SIZE_VER2),
/// spelled here so that older headers build too.
struct CloneArgs {
  std::uint64_t flags;
  std::uint64_t pidfd;
  std::uint64_t child_tid;
  std::uint64_t parent_tid;
  std::uint64_t exit_signal;
  std::uint64_t stack;
  std::uint64_t stack_size;
  std::uint64_t tls;
  std::uint64_t set_tid;
  std::uint64_t set_tid_size;
  std::uint64_t cgroup;
};
static_assert(sizeof(CloneArgs) == 88);

constexpr std::uint64_t kCloneClearSighand = 0x100000000ULL;  // Linux 5.5
constexpr std::uint64_t kCloneIntoCgroup = 0x200000000ULL;    // Linux 5.7
constexpr long kClone3 = 435;  // the same number on every architecture

/// The system call itself. The child starts on the new stack with the
/// registers of the call, so it cannot return into C++: each entry calls
/// fn(arg) there and exits with its value, and only the parent comes back.
/// Returns the pid, or -errno.
long RawClone3(CloneArgs* args, std::size_t size, int (*fn)(void*), void* arg) {
#if defined(__x86_64__)
  long ret;
  register int (*r12)(void*) asm("r12") = fn;
  register void* r13 asm("r13") = arg;
  asm volatile(
      "syscall\n\t"
      "test %%rax, %%rax\n\t"
      "jnz 1f\n\t"
      "xor %%ebp, %%ebp\n\t"
      "and $-16, %%rsp\n\t"
      "mov %%r13, %%rdi\n\t"
      "call *%%r12\n\t"
      "mov %%eax, %%edi\n\t"
      "mov $60, %%eax\n\t"  // exit
      "syscall\n\t"
      "hlt\n\t"
      "1:\n\t"
      : "=a"(ret)
      : "a"(kClone3), "D"(args), "S"(size), "r"(r12), "r"(r13)
      : "rcx", "r11", "memory");
  return ret;
#elif defined(__i386__)
  long ret;
  // ebx may be the PIC register: saved by hand, the arguments come in edx.
  asm volatile(
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
      "mov $1, %%eax\n\t"  // exit
      "int $0x80\n\t"
      "hlt\n\t"
      "1:\n\t"
      "pop %%ebx\n\t"
      : "=a"(ret)
      : "a"(kClone3), "d"(args), "c"(size), "S"(fn), "D"(arg)
      : "memory");
  return ret;
#elif defined(__aarch64__)
  register long x0 asm("x0") = reinterpret_cast<long>(args);
  register long x1 asm("x1") = static_cast<long>(size);
  register long x8 asm("x8") = kClone3;
  register int (*x19)(void*) asm("x19") = fn;
  register void* x20 asm("x20") = arg;
  asm volatile(
      "svc #0\n\t"
      "cbnz x0, 1f\n\t"
      "mov x29, xzr\n\t"
      "mov x0, x20\n\t"
      "blr x19\n\t"
      "mov x8, #93\n\t"  // exit
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

}  // namespace

pid_t CloneIntoCgroup(int (*fn)(void*), void* arg, char* stack, std::size_t stack_size,
                      int cgroup_fd, bool vfork) {
  // Both ends of the stack 16-byte aligned, as every one of the ABIs wants.
  const auto low = (reinterpret_cast<std::uintptr_t>(stack) + 15) & ~std::uintptr_t{15};
  const auto high = (reinterpret_cast<std::uintptr_t>(stack) + stack_size) & ~std::uintptr_t{15};
  CloneArgs args{};
  args.flags = CLONE_VM | (vfork ? CLONE_VFORK : 0) | kCloneIntoCgroup | kCloneClearSighand;
  args.exit_signal = SIGCHLD;
  args.stack = low;
  args.stack_size = high - low;
  args.cgroup = static_cast<std::uint64_t>(cgroup_fd);
  const long ret = RawClone3(&args, sizeof args, fn, arg);
  if (ret < 0) {
    errno = static_cast<int>(-ret);
    return -1;
  }
  return static_cast<pid_t>(ret);
}

bool Clone3Unavailable(int err) { return err == ENOSYS || err == E2BIG || err == EINVAL; }

}  // namespace timeit
