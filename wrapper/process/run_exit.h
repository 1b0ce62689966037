#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <string>

namespace timeit {

/// How the measured command ended, as ChildLauncher::Wait reaps it: what the
/// run loop gives every measurement source once a run's command is reaped.
struct RunExit {
  pid_t pid = -1;
  int wait_status = 0;      ///< as from wait4
  struct rusage usage {};   ///< the command's whole reaped tree, from wait4
  double wall_seconds = 0;  ///< from release of the child to its reaping
  /// Empty when usage.ru_maxrss is the command tree's own; otherwise why it
  /// includes timeit's peak: the child was started from timeit's memory,
  /// whose peak RSS Linux keeps across execve.
  std::string maxrss_note;
};

}  // namespace timeit
