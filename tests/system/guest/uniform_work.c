/* The counting property test's workload: N rounds of the same user-mode
 * loop (about 450 instructions) and one geteuid system call (svc #0 on
 * arm64, the syscall instruction on x86-64), so that user and kernel work
 * are both spread evenly over the run -- what scaling a multiplexed count
 * from part of the run assumes. syscall-bench's user-mode work is a few
 * instructions a call, so its start-up would be half its user-mode count.
 *
 *   uniform-work N */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static long Geteuid(void) {
#if defined(__aarch64__)
  register long x8 __asm__("x8") = SYS_geteuid;
  register long x0 __asm__("x0");
  __asm__ volatile("svc #0" : "=r"(x0) : "r"(x8) : "memory");
  return x0;
#elif defined(__x86_64__)
  long ret;
  __asm__ volatile("syscall" : "=a"(ret) : "a"((long)SYS_geteuid) : "rcx", "r11", "memory");
  return ret;
#else
  return syscall(SYS_geteuid);
#endif
}

int main(int argc, char** argv) {
  const long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
  volatile unsigned sink = 0;
  for (long i = 0; i < n; ++i) {
    for (unsigned j = 0; j < 100; ++j) sink = sink + j;
    Geteuid();
  }
  return 0;
}
