#include "wrapper/process/signal_forwarder.h"

#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>

namespace timeit {
namespace {

volatile sig_atomic_t g_target = 0;
volatile sig_atomic_t g_cgroup_kill = -1;
volatile sig_atomic_t g_received = 0;
volatile sig_atomic_t g_timed_out = 0;

void OnSignal(int sig) {
  const int saved_errno = errno;
  const pid_t target = g_target;
  if (sig == SIGALRM) {
    g_timed_out = 1;
    const int cgroup_kill = g_cgroup_kill;
    if (cgroup_kill >= 0) {
      const ssize_t ignored = ::write(cgroup_kill, "1", 1);
      (void)ignored;
    }
    if (target > 0) ::kill(-target, SIGKILL);
  } else {
    if (g_received == 0) g_received = sig;
    if (target > 0) ::kill(-target, sig);
  }
  errno = saved_errno;
}

}  // namespace

SignalForwarder::SignalForwarder() {
  g_target = 0;
  g_received = 0;
  g_timed_out = 0;
  sigemptyset(&handled_);
  struct sigaction sa {};
  sa.sa_handler = OnSignal;
  sigfillset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: wait4 returns EINTR and the loop looks again
  for (int i = 0; i < 4; ++i) {
    const int sig = kSignals[i];
    if (::sigaction(sig, nullptr, &previous_[i]) != 0) continue;
    if (sig != SIGALRM && previous_[i].sa_handler == SIG_IGN) continue;
    installed_[i] = ::sigaction(sig, &sa, nullptr) == 0;
    if (installed_[i]) sigaddset(&handled_, sig);
  }
}

SignalForwarder::~SignalForwarder() {
  DisarmTimeout();
  g_target = 0;
  for (int i = 0; i < 4; ++i)
    if (installed_[i]) ::sigaction(kSignals[i], &previous_[i], nullptr);
}

void SignalForwarder::SetTarget(pid_t process_group, int cgroup_kill) {
  g_cgroup_kill = process_group > 0 ? cgroup_kill : -1;
  g_target = process_group;
}

int SignalForwarder::received_signal() const { return g_received; }

void SignalForwarder::ArmTimeout(double seconds) {
  g_timed_out = 0;
  struct itimerval t {};
  const double whole = std::floor(seconds);
  t.it_value.tv_sec = static_cast<time_t>(whole);
  t.it_value.tv_usec = static_cast<suseconds_t>((seconds - whole) * 1e6);
  if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0) t.it_value.tv_usec = 1;
  ::setitimer(ITIMER_REAL, &t, nullptr);
}

bool SignalForwarder::DisarmTimeout() {
  struct itimerval off {};
  ::setitimer(ITIMER_REAL, &off, nullptr);
  return g_timed_out != 0;
}

}  // namespace timeit
