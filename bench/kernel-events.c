/* Workloads that make the kernel raise one kind of event N times, so that
 * bench/counter-cost.sh can divide what counting that event costs the
 * command by how often it fired:
 *   faults N      N page faults: touches N fresh pages of anonymous memory
 *                 (in mappings of 64 MiB, each unmapped before the next)
 *   switches N    about 2N context switches: N one-byte round trips over
 *                 two pipes between this process and a child on one CPU
 *   migrations N  about N CPU migrations: sched_setaffinity to the next CPU
 *                 of the allowed set, N times (needs two CPUs or more)
 *
 *   kernel-events MODE N */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static int Faults(long n) {
  const long page = sysconf(_SC_PAGESIZE);
  const long per_map = (64L << 20) / page;
  while (n > 0) {
    const long pages = n < per_map ? n : per_map;
    volatile char* p = mmap(NULL, (size_t)(pages * page), PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return 1;
    for (long i = 0; i < pages; ++i) p[i * page] = 1;
    munmap((void*)p, (size_t)(pages * page));
    n -= pages;
  }
  return 0;
}

/* Both ends on the first allowed CPU, so that every round trip switches. */
static int Switches(long n) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &set)) continue;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    break;
  }
  if (sched_setaffinity(0, sizeof set, &set) != 0) return 1;
  int there[2], back[2];
  if (pipe(there) != 0 || pipe(back) != 0) return 1;
  const pid_t child = fork();
  if (child < 0) return 1;
  char byte = 'x';
  if (child == 0) {
    close(there[1]); /* the parent's close is then the end of file here */
    while (read(there[0], &byte, 1) == 1)
      if (write(back[1], &byte, 1) != 1) _exit(1);
    _exit(0);
  }
  close(there[0]);
  for (long i = 0; i < n; ++i)
    if (write(there[1], &byte, 1) != 1 || read(back[0], &byte, 1) != 1) return 1;
  close(there[1]);
  int status = 0;
  return waitpid(child, &status, 0) == child && WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static int Migrations(long n) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 1;
  int cpus[CPU_SETSIZE], count = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &allowed)) cpus[count++] = cpu;
  if (count < 2) {
    fprintf(stderr, "kernel-events: migrations needs two CPUs, has %d\n", count);
    return 2;
  }
  for (long i = 0; i < n; ++i) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpus[i % count], &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return 1;
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: kernel-events faults|switches|migrations N\n");
    return 2;
  }
  char* end = NULL;
  const long n = strtol(argv[2], &end, 10);
  if (*argv[2] == '\0' || *end != '\0' || n < 0) {
    fprintf(stderr, "kernel-events: N must be a whole number, not '%s'\n", argv[2]);
    return 2;
  }
  if (strcmp(argv[1], "faults") == 0) return Faults(n);
  if (strcmp(argv[1], "switches") == 0) return Switches(n);
  if (strcmp(argv[1], "migrations") == 0) return Migrations(n);
  fprintf(stderr, "kernel-events: no mode '%s' (faults, switches, migrations)\n", argv[1]);
  return 2;
}
