/* The embedded default workload: N geteuid system calls through a chosen
 * entry, the classic "sysenter/syscall versus int $0x80" experiment in
 * miniature. Entries: x86-64: syscall (the 64-bit instruction), int80 (the
 * IA-32 emulation gate; needs a kernel with CONFIG_IA32_EMULATION and not
 * ia32_emulation=0), libc; arm64: svc (svc #0), libc.
 *
 *   syscall-bench [ENTRY] [N]      defaults: libc, 1000000
 *
 * Like a database benchmark it prints its own figure at the end, "calls per
 * second: N", which `timeit --metric` turns into a column. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long Libc(void) { return (long)geteuid(); }

#if defined(__x86_64__)
static long SyscallInstruction(void) {
  long ret;
  __asm__ volatile("syscall" : "=a"(ret) : "a"((long)SYS_geteuid) : "rcx", "r11", "memory");
  return ret;
}
/* __NR_geteuid32 of the i386 table: the 16-bit geteuid (49) would truncate. */
static long Int80(void) {
  long ret;
  __asm__ volatile("int $0x80" : "=a"(ret) : "a"(201L) : "r8", "r9", "r10", "r11", "memory", "cc");
  return ret;
}
static const char* const kEntries = "syscall, int80, libc";
#elif defined(__aarch64__)
static long Svc(void) {
  register long x8 __asm__("x8") = SYS_geteuid;
  register long x0 __asm__("x0");
  __asm__ volatile("svc #0" : "=r"(x0) : "r"(x8) : "memory", "cc");
  return x0;
}
static const char* const kEntries = "svc, libc";
#else
static const char* const kEntries = "libc";
#endif

static void OnFault(int sig) {
  (void)sig;
  static const char msg[] =
      "syscall-bench: int $0x80 faulted: this kernel has no IA-32 emulation "
      "(CONFIG_IA32_EMULATION off or ia32_emulation=0 on the command line)\n";
  ssize_t ignored = write(2, msg, sizeof msg - 1);
  (void)ignored;
  _exit(3);
}

int main(int argc, char** argv) {
  const char* entry = argc > 1 ? argv[1] : "libc";
  char* end = NULL;
  const long n = argc > 2 ? strtol(argv[2], &end, 10) : 1000000;
  if (argc > 3 || n < 0 || (end != NULL && *end != '\0')) {
    fprintf(stderr, "usage: syscall-bench [ENTRY] [N]   (ENTRY: %s)\n", kEntries);
    return 2;
  }
  long (*call)(void) = NULL;
  if (strcmp(entry, "libc") == 0) call = Libc;
#if defined(__x86_64__)
  if (strcmp(entry, "syscall") == 0) call = SyscallInstruction;
  if (strcmp(entry, "int80") == 0) {
    signal(SIGSEGV, OnFault);
    call = Int80;
  }
#elif defined(__aarch64__)
  if (strcmp(entry, "svc") == 0) call = Svc;
#endif
  if (call == NULL) {
    fprintf(stderr, "syscall-bench: unknown entry '%s' (this machine has: %s)\n", entry, kEntries);
    return 2;
  }
  const long expected = (long)geteuid();
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long i = 0; i < n; ++i) {
    if (call() != expected) {
      fprintf(stderr, "syscall-bench: %s returned a wrong euid\n", entry);
      return 1;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  const double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  /* Printed for every N, 0 included, so that N calls and 0 calls differ by
   * exactly N system calls (the counter tests subtract one from the other). */
  printf("%s: calls per second: %.0f\n", entry, n > 0 && seconds > 0 ? (double)n / seconds : 0.0);
  return 0;
}
