#pragma once

#include <signal.h>
#include <sys/types.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrapper/process/run_exit.h"
#include "wrapper/process/spawner_client.h"

namespace timeit {

/// How every child of a series is started; prepared once so that starting
/// a run allocates nothing.
struct LaunchSpec {
  std::string path;               ///< the executable, already resolved
  std::vector<std::string> argv;  ///< argv[0] included
  int stdin_fd = -1;              ///< dup2'ed to 0 when >= 0; otherwise inherited
  int stdout_fd = -1;             ///< dup2'ed to 1 when >= 0
  int stderr_fd = -1;             ///< dup2'ed to 2 when >= 0
  std::vector<int> cpus;          ///< CPU affinity; empty: inherited
  sigset_t reset_signals{};       ///< our handlers, reset to SIG_DFL in the child
};

/// The executable `name` runs as: a path as given when it holds a '/',
/// otherwise the first executable file of that name in $PATH.
std::optional<std::string> ResolveCommand(const std::string& name);

/// The exit status of a command whose execve failed with `exec_errno`, as
/// a POSIX shell gives it: 127 when there is no such file, 126 when there
/// is one that cannot be executed (no permission, not an executable).
int ExecFailureStatus(int exec_errno);

/// Starts children that wait before exec, unlike posix_spawn, so that
/// measurement sources attach to them first.
///
/// Through timeit-spawner (spawner_client.h) where it is found and works:
/// the child starts in the spawner's few pages (sharing them until exec, as
/// ours below), with CLONE_PARENT, so that it is our child and its maxrss is
/// its own (Linux keeps the peak RSS of the memory a process execs from as
/// its maxrss).
///
/// Otherwise (no spawner, qemu-user, TIMEIT_SPAWN=direct or fork), from
/// timeit itself, and each RunExit says that maxrss includes timeit's own
/// memory: clone(CLONE_VM) on a small stack of its own, sharing our memory
/// until it execs, so that no page tables are copied (fork would copy them,
/// which made a fork loop 2x slower than posix_spawn at 20 MB resident).
class ChildLauncher {
 public:
  explicit ChildLauncher(LaunchSpec spec);
  ~ChildLauncher();
  ChildLauncher(const ChildLauncher&) = delete;
  ChildLauncher& operator=(const ChildLauncher&) = delete;

  /// Creates the child, leader of its own process group (so that signals
  /// reach the whole tree), blocked before exec when `hold_before_exec`
  /// (measurement sources attach then); otherwise it execs at once and the
  /// wall clock starts here. With a `cgroup_fd` (an open cgroup v2
  /// directory) the child is in that cgroup before it execs: created there
  /// (clone3 CLONE_INTO_CGROUP), or, where clone3 cannot be had, moving
  /// itself there through cgroup.procs. Throws SystemError.
  pid_t Start(bool hold_before_exec = true, int cgroup_fd = -1);
  /// Lets a held child exec; the wall clock starts here. No-op without a hold.
  void Release();
  /// Reaps the child (retrying after signal handlers ran); the wall clock
  /// stops here. exec_errno() tells a failed exec from a command exiting 127.
  /// Its maxrss_note says why maxrss includes timeit when it does.
  RunExit Wait();
  /// Kills a started child that will not be released, and reaps it.
  void Abandon();

  /// errno of the child's failed execve, 0 when it did exec.
  int exec_errno() const { return exec_errno_.load(std::memory_order_relaxed); }
  /// errno of the child's failed move into its cgroup (it exited 127
  /// without exec), 0 when it got there or had no cgroup.
  int placement_errno() const { return placement_errno_.load(std::memory_order_relaxed); }
  const LaunchSpec& spec() const { return spec_; }

 private:
  static int ChildMain(void* self);
  /// Through the spawner, started at the first call; nullopt where there is
  /// none (maxrss_note_ says why), the child is then ours to make. Else the
  /// child's pid, or -1 with errno.
  std::optional<pid_t> SpawnThroughSpawner();
  /// Finds and starts the spawner, or says in maxrss_note_ why not.
  void OpenSpawner();
  /// clone(CLONE_VM), or fork where that is refused; errno set on failure.
  pid_t Spawn();
  /// In the fork fallback: reads a failed exec's errno from its pipe.
  void CollectForkedExecError();
  /// The fork fallback with a cgroup to join: waits for the child's word
  /// that it joined (or its failure), so that Start returns with the child
  /// in its cgroup whichever way it was started.
  void AwaitPlacement();
  /// The same for a child sharing our memory: waits on placed_.
  void AwaitSharedPlacement(pid_t pid);
  /// The same for a child that shares nothing and says nothing (a vfork an
  /// emulator made a fork): until its pid is in the cgroup or it is gone.
  void AwaitMembership(pid_t pid);
  /// In the child: writes itself into cgroup_fd_'s cgroup.procs when it was
  /// not created there; false (errno set) when that failed.
  bool JoinCgroup() const;
  /// In the child: records a failure before exec and exits 127.
  [[noreturn]] void FailBeforeExec(bool placement, int err);

  LaunchSpec spec_;
  std::vector<char*> argv_;  ///< pointers into spec_.argv, null-terminated
  cpu_set_t* cpu_set_ = nullptr;
  std::size_t cpu_set_size_ = 0;
  std::unique_ptr<char[]> stack_;
  sigset_t parent_mask_{};
  bool hold_ = true;               ///< read by the child: only Start changes it
  int go_read_ = -1;               ///< read by the child: only Start changes it
  int go_write_ = -1;              ///< closed by the child: only Start changes it
  int parent_go_write_ = -1;       ///< our end, closed by Release
  int error_read_ = -1;            ///< fork fallback only: the exec errno pipe
  int error_write_ = -1;           ///< read by the child: -1 when memory is shared
  int cgroup_fd_ = -1;             ///< read by the child: only Start changes it
  bool join_in_child_ = false;     ///< read by the child: not created in cgroup_fd_
  bool handlers_cleared_ = false;  ///< read by the child: clone3 reset our handlers
  pid_t pid_ = -1;
  struct timespec released_ {};
  std::atomic<int> exec_errno_{0};       ///< written by the child before _exit
  std::atomic<int> placement_errno_{0};  ///< written by the child before _exit
  /// Set by a child sharing our memory once it has joined its cgroup (or
  /// failed to), woken as a futex: Start waits for it when the child joins
  /// by itself (no clone3) and runs on, held, without CLONE_VFORK.
  std::atomic<int> placed_{0};
  /// Set by a child sharing our memory once it leads its process group: then
  /// Start need not make the group itself (after a vfork it always is).
  std::atomic<int> grouped_{0};
  bool spawned_by_fork_ = false;  ///< this Spawn's clone turned out to be a fork
  bool spawner_tried_ = false;    ///< OpenSpawner ran
  std::unique_ptr<SpawnerClient> spawner_;
  std::string maxrss_note_;    ///< why a child from timeit itself reports timeit's maxrss
  bool started_here_ = false;  ///< this run's child was cloned from timeit, not the spawner
};

}  // namespace timeit
