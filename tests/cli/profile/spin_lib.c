/* A shared library's function for the profile tests (libspin_lib.so). */
#include "spin.h"

__attribute__((noinline)) void lib_spin(double ms) { TIMEIT_SPIN_FOR(ms); }
