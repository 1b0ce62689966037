/* pie_spin MS EXEC_TARGET: a PIE that spins MS ms in its own pie_spin_loop,
 * MS ms in libspin_lib.so's lib_spin, and then execs EXEC_TARGET MS: three
 * objects, and an exec mid-run, for the profiler to resolve. */
#include <stdlib.h>
#include <unistd.h>

#include "spin.h"

void lib_spin(double ms);

__attribute__((noinline)) void pie_spin_loop(double ms) { TIMEIT_SPIN_FOR(ms); }

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  pie_spin_loop(atof(argv[1]));
  lib_spin(atof(argv[1]));
  execl(argv[2], argv[2], argv[1], (char*)NULL);
  return 127;
}
