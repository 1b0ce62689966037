#include "wrapper/process/spawner_client.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "wrapper/process/child_launcher.h"
#include "wrapper/process/spawner_protocol.h"

extern char** environ;

namespace timeit {
namespace {

bool IsExecutable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

/// "0,2,5", or "-": inherit.
std::string CpuList(const std::vector<int>& cpus) {
  if (cpus.empty()) return "-";
  std::string list;
  for (const int c : cpus) list += (list.empty() ? "" : ",") + std::to_string(c);
  return list;
}

}  // namespace

std::string FindSpawner() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::string beside = (self.parent_path() / TIMEIT_SPAWNER_NAME).string();
    if (IsExecutable(beside)) return beside;
    const std::string moved =
        (self.parent_path() / TIMEIT_LIBEXEC_FROM_BIN / TIMEIT_SPAWNER_NAME).lexically_normal();
    if (IsExecutable(moved)) return moved;
  }
  const std::string installed = TIMEIT_LIBEXEC_DIR "/" TIMEIT_SPAWNER_NAME;
  if (IsExecutable(installed)) return installed;
  return "";
}

std::unique_ptr<SpawnerClient> SpawnerClient::Launch(const std::string& path,
                                                     const LaunchSpec& spec, std::string& why) {
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) {
    why = std::string("socketpair: ") + std::strerror(errno);
    return nullptr;
  }
  platforms::UniqueFd ours(ends[0]);
  platforms::UniqueFd theirs_cloexec(ends[1]);
  // Its end without close-on-exec, above the three it is given: a copy made
  // for this exec alone (no other thread of timeit starts processes).
  platforms::UniqueFd theirs(::fcntl(theirs_cloexec.get(), F_DUPFD, 3));
  if (!theirs) {
    why = std::string("fcntl: ") + std::strerror(errno);
    return nullptr;
  }
  std::vector<std::string> args = {path, std::to_string(theirs.get()), CpuList(spec.cpus),
                                   spec.path};
  args.insert(args.end(), spec.argv.begin(), spec.argv.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (spec.stdin_fd >= 0) posix_spawn_file_actions_adddup2(&actions, spec.stdin_fd, STDIN_FILENO);
  if (spec.stdout_fd >= 0)
    posix_spawn_file_actions_adddup2(&actions, spec.stdout_fd, STDOUT_FILENO);
  if (spec.stderr_fd >= 0)
    posix_spawn_file_actions_adddup2(&actions, spec.stderr_fd, STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // A group of its own: the terminal's ^C is timeit's to forward, not the
  // spawner's to die of. Its children make groups of their own too.
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  pid_t pid = -1;
  const int err = ::posix_spawn(&pid, path.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) {
    why = path + ": " + std::strerror(err);
    return nullptr;
  }
  return std::unique_ptr<SpawnerClient>(new SpawnerClient(pid, std::move(ours)));
}

SpawnerClient::~SpawnerClient() {
  socket_.Reset();  // end of file: the spawner exits
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
}

std::optional<SpawnerClient::Child> SpawnerClient::Spawn(int error_write, int go_read,
                                                         int cgroup_fd) {
  SpawnRequest request{};
  int fds[3];
  int count = 0;
  fds[count++] = error_write;
  if (go_read >= 0) {
    request.flags |= kSpawnHold;
    fds[count++] = go_read;
  }
  if (cgroup_fd >= 0) {
    request.flags |= kSpawnCgroup;
    fds[count++] = cgroup_fd;
  }
  union {
    char buffer[CMSG_SPACE(sizeof fds)];
    struct cmsghdr align;
  } control{};
  struct iovec iov = {&request, sizeof request};
  struct msghdr msg {};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control.buffer;
  msg.msg_controllen = CMSG_SPACE(sizeof(int) * static_cast<std::size_t>(count));
  struct cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int) * static_cast<std::size_t>(count));
  std::memcpy(CMSG_DATA(c), fds, sizeof(int) * static_cast<std::size_t>(count));
  ssize_t n;
  do {
    n = ::sendmsg(socket_.get(), &msg, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof request)) return std::nullopt;

  SpawnReply reply{};
  do {
    n = ::recv(socket_.get(), &reply, sizeof reply, 0);
  } while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof reply)) {
    if (n >= 0) errno = EPIPE;  // it exited, or could not run here at all
    return std::nullopt;
  }
  return Child{.pid = reply.pid,
               .error = reply.error,
               .unsupported = reply.unsupported != 0,
               .joins = reply.joins != 0,
               .cloned = {.tv_sec = static_cast<time_t>(reply.clone_sec),
                          .tv_nsec = static_cast<long>(reply.clone_nsec)}};
}

}  // namespace timeit
