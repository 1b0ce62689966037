/* two_functions F_MS G_MS: spins in spin_f for F_MS ms of this thread's CPU
 * time, then in spin_g for G_MS ms, and prints each one's CPU time as the
 * thread's own clock measured it around the call ("f_ms: 100.2"): the truth
 * a profile of it is checked against. */
#include <stdio.h>
#include <stdlib.h>

#include "spin.h"

__attribute__((noinline)) void spin_f(double ms) { TIMEIT_SPIN_FOR(ms); }
__attribute__((noinline)) void spin_g(double ms) { TIMEIT_SPIN_FOR(ms); }

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  double t0 = ThreadMs();
  spin_f(atof(argv[1]));
  double t1 = ThreadMs();
  spin_g(atof(argv[2]));
  double t2 = ThreadMs();
  printf("f_ms: %.3f\ng_ms: %.3f\n", t1 - t0, t2 - t1);
  return 0;
}
