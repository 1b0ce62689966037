/* clock_spin MS: reads CLOCK_MONOTONIC over and over for MS ms of this
 * thread's CPU time. With a clocksource the vDSO reads itself (tsc,
 * kvm-clock, arm64's counter), the time is spent in the vDSO's
 * clock_gettime; with another one (hpet, acpi_pm) glibc's call is a system
 * call, and the program says so on stderr for the test to skip. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "spin.h"

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  struct rusage before, after;
  getrusage(RUSAGE_SELF, &before);
  const double end = ThreadMs() + atof(argv[1]);
  unsigned long calls = 0;
  struct timespec t;
  while (ThreadMs() < end)
    for (int i = 0; i < 10000; ++i, ++calls) clock_gettime(CLOCK_MONOTONIC, &t);
  getrusage(RUSAGE_SELF, &after);
  const double sys_ms = (double)(after.ru_stime.tv_sec - before.ru_stime.tv_sec) * 1e3 +
                        (double)(after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e3;
  const double user_ms = (double)(after.ru_utime.tv_sec - before.ru_utime.tv_sec) * 1e3 +
                         (double)(after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e3;
  printf("calls: %lu\n", calls);
  /* In the vDSO the calls are user time; as system calls mostly system time. */
  if (sys_ms > user_ms) fprintf(stderr, "clock_spin: clock_gettime is a system call here\n");
  return 0;
}
