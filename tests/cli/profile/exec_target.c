/* exec_target MS: a position-dependent executable (-no-pie) that spins MS ms
 * in exec_target_loop: what pie_spin execs into mid-run. */
#include <stdlib.h>

#include "spin.h"

__attribute__((noinline)) void exec_target_loop(double ms) { TIMEIT_SPIN_FOR(ms); }

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  exec_target_loop(atof(argv[1]));
  return 0;
}
