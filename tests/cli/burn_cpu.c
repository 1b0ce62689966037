/* Test helper: burns SECONDS of user CPU time, as its own getrusage counts
 * it (so the amount is exact however loaded the machine is), then creates
 * DONE_FILE if given.   burn_cpu SECONDS [DONE_FILE] */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static double UserSeconds(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6;
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const double target = atof(argv[1]);
  volatile unsigned long sink = 0;
  while (UserSeconds() < target)
    for (int i = 0; i < 100000; ++i) sink += (unsigned long)i;
  if (argc > 2) {
    FILE* f = fopen(argv[2], "w");
    if (f != NULL) fclose(f);
  }
  return 0;
}
