#include "wrapper/process/child_launcher.h"

#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "wrapper/base/errors.h"
#include "wrapper/process/clone_into_cgroup.h"
#include "wrapper/process/spawner_protocol.h"

extern char** environ;

namespace timeit {
namespace {

/// The child only calls a few system calls before execve; 64 KiB is ample.
constexpr std::size_t kChildStackSize = 64 * 1024;

/// The fork fallback's pipe carries {what, errno} as the spawner's children's
/// does (spawner_protocol.h): an exec failure, a placement failure, or this:
/// the child joined its cgroup.
constexpr int kPlacedMessage = kSpawnPlaced;

/// Whole nanoseconds divided once, so that 66996 ns prints as 6.6996e-05.
double SecondsBetween(const struct timespec& a, const struct timespec& b) {
  const long long ns = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
  return static_cast<double>(ns) / 1e9;
}

/// TIMEIT_TEST_GROW_HEAP_MB=N, a test hook: timeit's own memory grows by N
/// MiB, all of it resident, before its first child starts, so that a test
/// sees that the command's maxrss does not grow with it.
void GrowHeapForTests() {
  static const std::vector<char> heap = [] {
    const char* mb = std::getenv("TIMEIT_TEST_GROW_HEAP_MB");
    const unsigned long long n = mb != nullptr ? std::strtoull(mb, nullptr, 10) : 0;
    return std::vector<char>(static_cast<std::size_t>(n) << 20, 1);  // written: resident
  }();
}

bool IsExecutableFile(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::optional<std::string> ResolveCommand(const std::string& name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos) return name;  // execve reports what is wrong
  const char* path_env = std::getenv("PATH");
  const std::string path = path_env != nullptr ? path_env : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t colon = std::min(path.find(':', start), path.size());
    const std::string dir = colon > start ? path.substr(start, colon - start) : ".";
    const std::string candidate = dir + "/" + name;
    if (IsExecutableFile(candidate)) return candidate;
    start = colon + 1;
  }
  return std::nullopt;
}

int ExecFailureStatus(int exec_errno) {
  return exec_errno == ENOENT || exec_errno == ENOTDIR ? kExitNotFound : kExitNotExecutable;
}

ChildLauncher::ChildLauncher(LaunchSpec spec)
    : spec_(std::move(spec)), stack_(new char[kChildStackSize]) {
  GrowHeapForTests();
  for (std::string& a : spec_.argv) argv_.push_back(a.data());
  argv_.push_back(nullptr);
  if (!spec_.cpus.empty()) {
    cpu_set_size_ = CPU_ALLOC_SIZE(1024);
    cpu_set_ = CPU_ALLOC(1024);
    CPU_ZERO_S(cpu_set_size_, cpu_set_);
    for (const int c : spec_.cpus) CPU_SET_S(static_cast<std::size_t>(c), cpu_set_size_, cpu_set_);
  }
}

ChildLauncher::~ChildLauncher() {
  if (pid_ > 0) Abandon();
  if (cpu_set_ != nullptr) CPU_FREE(cpu_set_);
}

bool ChildLauncher::JoinCgroup() const {
  if (!join_in_child_) return true;
  const int fd = ::openat(cgroup_fd_, "cgroup.procs", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool joined = ::write(fd, "0", 1) == 1;  // "0": the writer itself
  const int err = errno;
  ::close(fd);
  errno = err;
  return joined;
}

void ChildLauncher::FailBeforeExec(bool placement, int err) {
  (placement ? placement_errno_ : exec_errno_).store(err, std::memory_order_relaxed);
  if (placement && error_write_ < 0) {
    placed_.store(1, std::memory_order_release);
    ::syscall(SYS_futex, reinterpret_cast<int*>(&placed_), FUTEX_WAKE, 1, nullptr, nullptr, 0);
  }
  if (error_write_ >= 0) {  // the fork fallback: our memory is a copy
    const int message[2] = {placement ? kSpawnPlacementFailed : kSpawnExecFailed, err};
    ssize_t ignored = ::write(error_write_, message, sizeof message);
    (void)ignored;
  }
  ::_exit(127);
}

// Runs in the child, on stack_, sharing our memory: only async-signal-safe
// calls, no allocation, nothing that could take a lock the parent holds.
int ChildLauncher::ChildMain(void* arg) {
  ChildLauncher& self = *static_cast<ChildLauncher*>(arg);
  const LaunchSpec& spec = self.spec_;
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG && !self.handlers_cleared_; ++sig)
    if (sigismember(&spec.reset_signals, sig) == 1) ::sigaction(sig, &dfl, nullptr);
  ::setpgid(0, 0);
  self.grouped_.store(1, std::memory_order_release);
  if (self.hold_) ::close(self.go_write_);  // if timeit dies, the read below sees end of file
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (!self.JoinCgroup()) self.FailBeforeExec(/*placement=*/true, errno);
  if (self.join_in_child_ && self.error_write_ < 0) {
    self.placed_.store(1, std::memory_order_release);
    ::syscall(SYS_futex, reinterpret_cast<int*>(&self.placed_), FUTEX_WAKE, 1, nullptr, nullptr, 0);
  }
  if (self.join_in_child_ && self.error_write_ >= 0) {
    // The fork fallback: tell the parent we are in the run's cgroup, so that
    // Start returns with the child placed, as clone3 places it.
    const int placed[2] = {kPlacedMessage, 0};
    ssize_t ignored = ::write(self.error_write_, placed, sizeof placed);
    (void)ignored;
  }
  if (self.cpu_set_ != nullptr && ::sched_setaffinity(0, self.cpu_set_size_, self.cpu_set_) != 0)
    self.FailBeforeExec(/*placement=*/false, errno);
  if (spec.stdin_fd >= 0) ::dup2(spec.stdin_fd, STDIN_FILENO);
  if (spec.stdout_fd >= 0) ::dup2(spec.stdout_fd, STDOUT_FILENO);
  if (spec.stderr_fd >= 0) ::dup2(spec.stderr_fd, STDERR_FILENO);
  ::sigprocmask(SIG_SETMASK, &self.parent_mask_, nullptr);
  if (self.hold_) {
    char go = 0;
    ssize_t n;
    do {
      n = ::read(self.go_read_, &go, 1);
    } while (n < 0 && errno == EINTR);
    if (n != 1) ::_exit(127);  // never released: timeit is gone or gave up
  }
  ::execve(spec.path.c_str(), self.argv_.data(), environ);
  // errno is shared with the parent's thread here (same TLS); it is read
  // at once, and the parent only looks at its errno after a failed call.
  self.FailBeforeExec(/*placement=*/false, errno);
}

namespace {
/// Set once clone(CLONE_VM) without CLONE_THREAD is refused (qemu-user,
/// some sandboxes): from then on children are forked, and a failed exec is
/// reported through a close-on-exec pipe instead of our shared memory.
/// TIMEIT_SPAWN=fork forces it (for tests of this path).
bool g_fork_fallback = [] {
  const char* how = std::getenv("TIMEIT_SPAWN");
  return how != nullptr && std::strcmp(how, "fork") == 0;
}();
/// Set once clone3 is missing (before Linux 5.7, qemu-user, another
/// architecture): from then on a child joins its cgroup itself.
/// TIMEIT_SPAWN=no-clone3 forces it (for tests of this path).
bool g_no_clone3 = [] {
  const char* how = std::getenv("TIMEIT_SPAWN");
  return how != nullptr && std::strcmp(how, "no-clone3") == 0;
}();
}  // namespace

pid_t ChildLauncher::Spawn() {
  sigset_t all;
  sigfillset(&all);
  // No signal handler may run in the child while it still shares our
  // memory: block everything across clone, the child restores the mask
  // after resetting our handlers.
  ::sigprocmask(SIG_SETMASK, &all, &parent_mask_);
  pid_t pid = -1;
  join_in_child_ = cgroup_fd_ >= 0;
  handlers_cleared_ = false;
  spawned_by_fork_ = false;
  if (!g_fork_fallback) {
    error_write_ = -1;
    // Without a hold the parent sleeps until the child has exec'd, as in
    // posix_spawn: one wake-up per run instead of two.
    bool cloned = false;
    if (cgroup_fd_ >= 0 && !g_no_clone3) {
      join_in_child_ = false;
      handlers_cleared_ = true;
      pid = CloneIntoCgroup(&ChildMain, this, stack_.get(), kChildStackSize, cgroup_fd_, !hold_);
      cloned = pid >= 0 || !Clone3Unavailable(errno);
      if (!cloned) g_no_clone3 = true;
      join_in_child_ = !cloned;
      handlers_cleared_ = cloned;
    }
    if (!cloned) {
      const int vfork = hold_ ? 0 : CLONE_VFORK;
      placed_.store(0, std::memory_order_relaxed);
      pid = ::clone(&ChildMain, stack_.get() + kChildStackSize, CLONE_VM | vfork | SIGCHLD, this);
      if (pid < 0 && (errno == EINVAL || errno == ENOSYS)) g_fork_fallback = true;
      // With CLONE_VFORK the child has exec'd (placed) by now; held, it runs on.
      if (pid > 0 && hold_ && join_in_child_) AwaitSharedPlacement(pid);
      if (pid > 0 && !hold_ && join_in_child_ && placed_.load(std::memory_order_acquire) == 0) {
        // Back from a vfork whose child never wrote our memory: an emulator
        // (qemu-user) made it a fork. Fork openly from now on, with the
        // pipe that reports placement, and see this child into its cgroup.
        g_fork_fallback = true;
        AwaitMembership(pid);
        spawned_by_fork_ = true;
      }
    }
  }
  int spawn_errno = errno;
  if (g_fork_fallback && !spawned_by_fork_) {
    int err[2];
    if (::pipe2(err, O_CLOEXEC) == 0) {
      error_read_ = err[0];
      error_write_ = err[1];
      pid = ::fork();
      spawn_errno = errno;
      if (pid == 0) ChildMain(this);
      ::close(error_write_);
      error_write_ = -1;
      if (pid > 0 && join_in_child_) AwaitPlacement();
    } else {
      spawn_errno = errno;
    }
  }
  ::sigprocmask(SIG_SETMASK, &parent_mask_, nullptr);
  errno = spawn_errno;
  return pid;
}

void ChildLauncher::AwaitSharedPlacement(pid_t pid) {
  while (placed_.load(std::memory_order_acquire) == 0) {
    const struct timespec tick = {0, 1000000};
    ::syscall(SYS_futex, reinterpret_cast<int*>(&placed_), FUTEX_WAIT, 0, &tick, nullptr, 0);
    siginfo_t info{};
    // A child killed before it joined (timeit's own signal) never says so.
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid)
      return;
  }
}

void ChildLauncher::AwaitMembership(pid_t pid) {
  // cgroup.procs is a pid a line: the child's line, whole.
  const std::string line = "\n" + std::to_string(pid) + "\n";
  for (int i = 0; i < 50000; ++i) {  // 5 s at most
    const int fd = ::openat(cgroup_fd_, "cgroup.procs", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    char buffer[4096];
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    ::close(fd);
    if (n > 0 &&
        ("\n" + std::string(buffer, static_cast<std::size_t>(n))).find(line) != std::string::npos)
      return;
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid)
      return;
    const struct timespec tick = {0, 100000};
    ::nanosleep(&tick, nullptr);
  }
}

void ChildLauncher::AwaitPlacement() {
  int message[2] = {0, 0};
  ssize_t n;
  do {
    n = ::read(error_read_, message, sizeof message);
  } while (n < 0 && errno == EINTR);
  if (n == static_cast<ssize_t>(sizeof message) && message[0] == kPlacedMessage) return;
  // It failed before (its errno) or died: nothing more will come.
  if (n == static_cast<ssize_t>(sizeof message))
    (message[0] == kSpawnPlacementFailed ? placement_errno_ : exec_errno_)
        .store(message[1], std::memory_order_relaxed);
  ::close(error_read_);
  error_read_ = -1;
}

void ChildLauncher::CollectForkedExecError() {
  if (error_read_ < 0) return;
  int message[2] = {0, 0};  // placement?, errno
  if (::read(error_read_, message, sizeof message) == static_cast<ssize_t>(sizeof message))
    (message[0] == kSpawnPlacementFailed ? placement_errno_ : exec_errno_)
        .store(message[1], std::memory_order_relaxed);
  ::close(error_read_);
  error_read_ = -1;
}

void ChildLauncher::OpenSpawner() {
  spawner_tried_ = true;
  const char* how = std::getenv("TIMEIT_SPAWN");
  if (how != nullptr && (std::strcmp(how, "direct") == 0 || std::strcmp(how, "fork") == 0)) {
    maxrss_note_ = std::string("maxrss includes timeit's own memory (TIMEIT_SPAWN=") + how + ")";
    return;
  }
  const std::string path = FindSpawner();
  if (path.empty()) {
    maxrss_note_ = "maxrss includes timeit's own memory (no " TIMEIT_SPAWNER_NAME
                   " beside timeit or in " TIMEIT_LIBEXEC_DIR ")";
    return;
  }
  std::string why;
  spawner_ = SpawnerClient::Launch(path, spec_, why);
  if (!spawner_) maxrss_note_ = "maxrss includes timeit's own memory (" + why + ")";
}

std::optional<pid_t> ChildLauncher::SpawnThroughSpawner() {
  if (!spawner_tried_) OpenSpawner();
  if (!spawner_) return std::nullopt;
  int err[2];
  if (::pipe2(err, O_CLOEXEC) != 0) return -1;
  const std::optional<SpawnerClient::Child> child =
      spawner_->Spawn(err[1], hold_ ? go_read_ : -1, cgroup_fd_);
  const int spawn_errno = errno;
  ::close(err[1]);
  if (!child || child->unsupported) {
    ::close(err[0]);
    maxrss_note_ =
        std::string("maxrss includes timeit's own memory (") + TIMEIT_SPAWNER_NAME +
        (child ? " cannot clone with CLONE_PARENT here: " + std::string(std::strerror(child->error))
               : " is gone: " + std::string(std::strerror(spawn_errno))) +
        ")";
    spawner_.reset();
    return std::nullopt;
  }
  if (child->pid < 0) {
    ::close(err[0]);
    errno = child->error;
    return -1;
  }
  // From here on as a forked child: exec and placement failures come
  // through the pipe, and a child joining its cgroup says when it is in.
  error_read_ = err[0];
  // Not held, it execs at once: its wall clock starts where it was cloned
  // (as CLONE_VFORK from here starts it), not after the spawner's reply.
  if (!hold_) released_ = child->cloned;
  join_in_child_ = child->joins;
  if (child->joins) AwaitPlacement();
  return child->pid;
}

pid_t ChildLauncher::Start(bool hold_before_exec, int cgroup_fd) {
  hold_ = hold_before_exec;
  cgroup_fd_ = cgroup_fd;
  go_read_ = go_write_ = parent_go_write_ = -1;
  if (hold_) {
    int go[2];
    if (::pipe2(go, O_CLOEXEC) != 0)
      throw SystemError(std::string("cannot create a pipe: ") + std::strerror(errno));
    // The child reads go_read_/go_write_ from our shared memory at any time
    // until it execs: they keep their values until the next Start.
    go_read_ = go[0];
    go_write_ = go[1];
    parent_go_write_ = go[1];
  } else {
    ::clock_gettime(CLOCK_MONOTONIC, &released_);  // released at once
  }
  exec_errno_.store(0, std::memory_order_relaxed);
  placement_errno_.store(0, std::memory_order_relaxed);
  grouped_.store(0, std::memory_order_relaxed);
  const std::optional<pid_t> spawned = SpawnThroughSpawner();
  started_here_ = !spawned;
  pid_ = spawned ? *spawned : Spawn();
  const int spawn_errno = errno;
  if (go_read_ >= 0) ::close(go_read_);  // our copy; the child has its own
  if (pid_ < 0) {
    if (parent_go_write_ >= 0) ::close(parent_go_write_);
    parent_go_write_ = -1;
    CollectForkedExecError();
    throw SystemError(std::string("cannot start the command: ") + std::strerror(spawn_errno));
  }
  // Also here, so that the group exists before we signal it -- unless the
  // child made it already (always so after a vfork: it has exec'd by now).
  if (grouped_.load(std::memory_order_acquire) == 0) ::setpgid(pid_, pid_);
  return pid_;
}

void ChildLauncher::Release() {
  if (!hold_) return;
  ::clock_gettime(CLOCK_MONOTONIC, &released_);
  const char go = 1;
  while (::write(parent_go_write_, &go, 1) < 0 && errno == EINTR) {
  }
  ::close(parent_go_write_);
  parent_go_write_ = -1;
}

RunExit ChildLauncher::Wait() {
  RunExit exit;
  exit.pid = pid_;
  while (::wait4(pid_, &exit.wait_status, 0, &exit.usage) < 0) {
    if (errno != EINTR) throw SystemError(std::string("wait4: ") + std::strerror(errno));
  }
  struct timespec reaped {};
  ::clock_gettime(CLOCK_MONOTONIC, &reaped);
  exit.wall_seconds = SecondsBetween(released_, reaped);
  if (started_here_) exit.maxrss_note = maxrss_note_;
  pid_ = -1;
  CollectForkedExecError();
  return exit;
}

void ChildLauncher::Abandon() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);  // it may have exec'd already (no hold) and started others
  ::kill(pid_, SIGKILL);
  if (parent_go_write_ >= 0) {
    ::close(parent_go_write_);
    parent_go_write_ = -1;
  }
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  CollectForkedExecError();
}

}  // namespace timeit
