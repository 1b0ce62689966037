#include "wrapper/process/clone_into_cgroup.h"

#include <sched.h>

#include <cerrno>

#include "wrapper/process/clone_on_stack.h"

namespace timeit {

pid_t CloneIntoCgroup(int (*fn)(void*), void* arg, char* stack, std::size_t stack_size,
                      int cgroup_fd, bool vfork) {
  const long ret = timeit_clone_on_stack(
      CLONE_VM | (vfork ? CLONE_VFORK : 0) | TIMEIT_CLONE_CLEAR_SIGHAND, cgroup_fd, stack,
      stack_size, fn, arg);
  if (ret < 0) {
    errno = static_cast<int>(-ret);
    return -1;
  }
  return static_cast<pid_t>(ret);
}

bool Clone3Unavailable(int err) { return err == ENOSYS || err == E2BIG || err == EINVAL; }

}  // namespace timeit
