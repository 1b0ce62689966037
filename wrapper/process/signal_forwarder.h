#pragma once

#include <signal.h>
#include <sys/types.h>

namespace timeit {

/// While alive, SIGINT, SIGTERM and SIGHUP sent to timeit are forwarded to
/// the process group of the command in flight (so a whole build tree stops,
/// not just make) and remembered, so the run loop stops after the run and
/// exits 128+signal. SIGALRM implements --timeout: it kills the group, and
/// the run's whole cgroup where there is one.
/// Signals timeit was started with ignored (e.g. SIGINT under `nohup` or
/// `&`) stay ignored. The destructor restores the previous handlers.
/// One instance at a time: the handlers keep their state in globals.
class SignalForwarder {
 public:
  SignalForwarder();
  ~SignalForwarder();
  SignalForwarder(const SignalForwarder&) = delete;
  SignalForwarder& operator=(const SignalForwarder&) = delete;

  /// The process group signals go to; 0: none (between runs). `cgroup_kill`:
  /// the run's cgroup.kill, open for writing, which --timeout writes too.
  void SetTarget(pid_t process_group, int cgroup_kill = -1);
  /// The first of SIGINT/SIGTERM/SIGHUP received, 0 if none.
  int received_signal() const;
  /// Kills the target's group with SIGKILL after `seconds`.
  void ArmTimeout(double seconds);
  /// Cancels the timer; true when it fired since ArmTimeout.
  bool DisarmTimeout();
  /// The signals that got our handler: children reset them before exec.
  const sigset_t& handled() const { return handled_; }

 private:
  static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGALRM};
  struct sigaction previous_[4]{};
  bool installed_[4]{};
  sigset_t handled_{};
};

}  // namespace timeit
