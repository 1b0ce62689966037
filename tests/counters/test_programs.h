#pragma once

#include <sys/types.h>

#include <vector>

#include "platforms/cpu_list.h"
#include "tests/test_paths.h"

namespace timeit::counters {

/// The counting tests' measured program: a loop of system calls (syscall_loop.c).
inline const char* const kLoop = SYSCALL_LOOP_PATH;

/// nobody's uid: the tests that drop root run as it.
inline constexpr uid_t kNobody = 65534;

/// The CPUs this machine has online, to count on each.
inline std::vector<int> OnlineCpus() {
  return platforms::ReadOnlineCpus(platforms::SystemRoots{}).cpus;
}

}  // namespace timeit::counters
