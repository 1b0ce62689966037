/* Spinning for a given amount of the calling thread's CPU time, shared by
 * the profile tests' programs. The clock is read every ~1 ms of work: its
 * system call is kernel time, which a profile rightly gives to the kernel's
 * functions, so it must stay a small part (~0.1%) of the function's time. */
#ifndef TIMEIT_TESTS_CLI_PROFILE_SPIN_H_
#define TIMEIT_TESTS_CLI_PROFILE_SPIN_H_
#include <time.h>

static inline double ThreadMs(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The loop each program puts inside its own named function. */
#define TIMEIT_SPIN_FOR(ms)                                      \
  do {                                                           \
    const double end_ = ThreadMs() + (ms);                       \
    volatile unsigned long sink_ = 0;                            \
    while (ThreadMs() < end_)                                    \
      for (unsigned long i_ = 0; i_ < 2000000; ++i_) sink_ += i_; \
  } while (0)
#endif
