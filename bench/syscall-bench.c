/* The embedded default workload: N geteuid system calls through a chosen
 * entry, the classic "sysenter/syscall versus int $0x80" experiment in
 * miniature. Every entry makes exactly N geteuid calls. Entries:
 *   x86-64: syscall (the 64-bit instruction), int80 (the IA-32 emulation
 *           gate; needs a kernel with CONFIG_IA32_EMULATION and not
 *           ia32_emulation=0), libc;
 *   i386:   int80, vsyscall (the vDSO's __kernel_vsyscall, found through
 *           AT_SYSINFO: sysenter on Intel, syscall on AMD, int $0x80 where
 *           neither is usable), libc (glibc, which enters through
 *           __kernel_vsyscall too);
 *   arm64:  svc (svc #0), libc.
 *
 *   syscall-bench [ENTRY] [N]      defaults: libc, 1000000
 *   syscall-bench --which [ENTRY]  one line per entry: the instruction it
 *                                  enters the kernel with on this machine
 *                                  (sysenter, syscall, int80, svc), or
 *                                  "unavailable" where the kernel lacks
 *                                  the gate; with ENTRY, that entry alone
 *
 * Like a database benchmark it prints its own figure at the end, "calls per
 * second: N", which `timeit --metric` turns into a column. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
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
#elif defined(__i386__)
/* SYS_geteuid32: the 16-bit geteuid (49) would truncate. */
static long Int80(void) {
  long ret;
  __asm__ volatile("int $0x80" : "=a"(ret) : "a"((long)SYS_geteuid32) : "memory", "cc");
  return ret;
}
/* __kernel_vsyscall takes the number in eax like int $0x80 and preserves
 * every other register. */
static unsigned long kernel_vsyscall;
static long Vsyscall(void) {
  long ret;
  __asm__ volatile("call *%1"
                   : "=a"(ret)
                   : "r"(kernel_vsyscall), "a"((long)SYS_geteuid32)
                   : "memory", "cc");
  return ret;
}
static const char* const kEntries = "int80, vsyscall, libc";

/* Which gate __kernel_vsyscall enters through, read from its code: the
 * kernel patches "movl %esp,%ebp; sysenter" (Intel) or "movl %ecx,%ebp;
 * syscall" (AMD) in front of its int $0x80 when the CPU has it, so the
 * first of these byte pairs is the instruction used. `at` gets the offset. */
static const char* VsyscallGate(int* at) {
  const unsigned char* code = (const unsigned char*)kernel_vsyscall;
  for (int i = 0; code != NULL && i < 32; ++i) {
    *at = i;
    if (code[i] == 0x0f && code[i + 1] == 0x34) return "sysenter";
    if (code[i] == 0x0f && code[i + 1] == 0x05) return "syscall";
    if (code[i] == 0xcd && code[i + 1] == 0x80) return "int80";
  }
  return NULL;
}
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

#if defined(__x86_64__)
static void OnFault(int sig) {
  (void)sig;
  static const char msg[] =
      "syscall-bench: int $0x80 faulted: this kernel has no IA-32 emulation "
      "(CONFIG_IA32_EMULATION off or ia32_emulation=0 on the command line)\n";
  ssize_t ignored = write(2, msg, sizeof msg - 1);
  (void)ignored;
  _exit(3);
}

/* Whether int $0x80 enters the kernel here: one call, its fault caught. A
 * kernel without IA-32 emulation (or booted with ia32_emulation=0, or a
 * hypervisor's guest kernel that leaves the gate out) raises SIGSEGV. */
static sigjmp_buf int80_probe;
static void OnProbeFault(int sig) {
  (void)sig;
  siglongjmp(int80_probe, 1);
}
static int Int80Works(void) {
  struct sigaction probe = {0}, old;
  probe.sa_handler = OnProbeFault;
  sigaction(SIGSEGV, &probe, &old);
  const int works = sigsetjmp(int80_probe, 1) == 0 && Int80() == (long)geteuid();
  sigaction(SIGSEGV, &old, NULL);
  return works;
}
#endif

/* One --which line; with an entry named, only that entry's gate. */
static int said;
static void Say(const char* only, const char* entry, const char* gate, const char* detail) {
  if (only == NULL) {
    printf("%s: %s%s\n", entry, gate, detail);
  } else if (strcmp(only, entry) == 0) {
    printf("%s\n", gate);
    said = 1;
  }
}

/* --which [ENTRY]: the instruction each entry enters the kernel with, here. */
static int PrintEntries(const char* only) {
#if defined(__x86_64__)
  Say(only, "syscall", "syscall", "");
  if (Int80Works()) {
    Say(only, "int80", "int80", "");
  } else {
    Say(only, "int80", "unavailable", " (no IA-32 emulation in this kernel)");
  }
  Say(only, "libc", "syscall", " (glibc)");
#elif defined(__i386__)
  int at = 0;
  const char* gate = VsyscallGate(&at);
  char detail[64] = "";
  Say(only, "int80", "int80", "");
  if (gate == NULL) {
    Say(only, "vsyscall", "unavailable", " (no AT_SYSINFO: no 32-bit vDSO)");
  } else {
    const unsigned char* code = (const unsigned char*)kernel_vsyscall;
    snprintf(detail, sizeof detail, " (__kernel_vsyscall+%d: %02x %02x)", at, code[at],
             code[at + 1]);
    Say(only, "vsyscall", gate, detail);
  }
  /* glibc keeps AT_SYSINFO in its thread control block at %gs:0x10 and calls
   * through it; say so only when that is what this libc does. */
  unsigned long tcb_sysinfo;
  __asm__("movl %%gs:0x10, %0" : "=r"(tcb_sysinfo));
  if (gate != NULL && tcb_sysinfo == kernel_vsyscall) {
    Say(only, "libc", gate, " (glibc, through __kernel_vsyscall)");
  } else {
    Say(only, "libc", "libc", "");
  }
#elif defined(__aarch64__)
  Say(only, "svc", "svc", "");
  Say(only, "libc", "svc", " (glibc)");
#else
  Say(only, "libc", "libc", "");
#endif
  if (only != NULL && !said) {
    fprintf(stderr, "syscall-bench: unknown entry '%s' (this machine has: %s)\n", only, kEntries);
    return 2;
  }
  return 0;
}

int main(int argc, char** argv) {
#if defined(__i386__)
  kernel_vsyscall = getauxval(AT_SYSINFO);
#endif
  if (argc >= 2 && argc <= 3 && strcmp(argv[1], "--which") == 0) {
    return PrintEntries(argc == 3 ? argv[2] : NULL);
  }
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
#elif defined(__i386__)
  if (strcmp(entry, "int80") == 0) call = Int80;
  if (strcmp(entry, "vsyscall") == 0) {
    if (kernel_vsyscall == 0) {
      fprintf(stderr, "syscall-bench: no __kernel_vsyscall (no AT_SYSINFO: vdso32=0?)\n");
      return 2;
    }
    call = Vsyscall;
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
