#include "wrapper/process/process_tree.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>

namespace timeit {
namespace {

void AddTime(struct timeval& a, const struct timeval& b) {
  a.tv_sec += b.tv_sec;
  a.tv_usec += b.tv_usec;
  if (a.tv_usec >= 1000000) {
    a.tv_sec += 1;
    a.tv_usec -= 1000000;
  }
}

}  // namespace

void BecomeSubreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

void AddUsage(struct rusage& u, const struct rusage& m) {
  AddTime(u.ru_utime, m.ru_utime);
  AddTime(u.ru_stime, m.ru_stime);
  u.ru_maxrss = std::max(u.ru_maxrss, m.ru_maxrss);
  u.ru_minflt += m.ru_minflt;
  u.ru_majflt += m.ru_majflt;
  u.ru_nvcsw += m.ru_nvcsw;
  u.ru_nivcsw += m.ru_nivcsw;
  u.ru_inblock += m.ru_inblock;
  u.ru_oublock += m.ru_oublock;
}

int ReapExitedOrphans(struct rusage& usage) {
  int reaped = 0;
  for (;;) {
    int status = 0;
    struct rusage u {};
    const pid_t pid = ::wait4(-1, &status, WNOHANG, &u);
    if (pid < 0 && errno == EINTR) continue;
    if (pid <= 0) return reaped;  // 0: children left but running; -1: none (ECHILD)
    AddUsage(usage, u);
    ++reaped;
  }
}

int KillLeftovers(pid_t process_group, struct rusage& usage) {
  if (process_group <= 0 || ::kill(-process_group, 0) != 0) return 0;  // the usual case
  ::kill(-process_group, SIGKILL);
  int reaped = 0;
  int killed = 0;
  for (;;) {
    int status = 0;
    struct rusage u {};
    const pid_t pid = ::wait4(-process_group, &status, 0, &u);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) break;  // ECHILD: none of ours is left in the group
    AddUsage(usage, u);
    ++reaped;
    // One that exited on its own just now was not a leftover.
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) ++killed;
  }
  return reaped == 0 ? 1 : killed;  // none reaped: the survivors were not our children
}

}  // namespace timeit
