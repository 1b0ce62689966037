#pragma once

#include <sys/types.h>
#include <time.h>

#include <memory>
#include <optional>
#include <string>

#include "platforms/unique_fd.h"

namespace timeit {

struct LaunchSpec;

/// timeit's side of timeit-spawner (spawner_main.c): the small process that
/// starts a ChildLauncher's children, so that their maxrss is theirs and not
/// timeit's (Linux carries the peak RSS of the memory a process execs from
/// into its maxrss). Started once per launcher with the command in its argv,
/// environment and fds 0-2; each child then costs one request and one reply.
class SpawnerClient {
 public:
  /// What the spawner answered for one child.
  struct Child {
    pid_t pid = -1;             ///< timeit's child (CLONE_PARENT); -1: none
    int error = 0;              ///< errno when pid is -1
    bool unsupported = false;   ///< CLONE_PARENT is refused here (qemu-user)
    bool joins = false;         ///< it joins its cgroup itself and says when
    struct timespec cloned {};  ///< CLOCK_MONOTONIC just before its clone
  };

  /// Starts the spawner at `path` for `spec`; nullptr with `why` set when it
  /// cannot be started.
  static std::unique_ptr<SpawnerClient> Launch(const std::string& path, const LaunchSpec& spec,
                                               std::string& why);
  /// Closes the spawner's socket (it exits) and reaps it.
  ~SpawnerClient();
  SpawnerClient(const SpawnerClient&) = delete;
  SpawnerClient& operator=(const SpawnerClient&) = delete;

  /// Asks for one child. Passes it `error_write` (its close-on-exec error
  /// pipe), `go_read` when held (>= 0) and `cgroup_fd` (>= 0) to start in.
  /// nullopt (errno set) when the spawner is gone.
  std::optional<Child> Spawn(int error_write, int go_read, int cgroup_fd);

 private:
  SpawnerClient(pid_t pid, platforms::UniqueFd socket) : pid_(pid), socket_(std::move(socket)) {}

  pid_t pid_;
  platforms::UniqueFd socket_;
};

/// Where timeit-spawner is: beside the running timeit (a build tree), else in
/// its libexec directory (bin/../libexec/timeit, then the one set at
/// configure time). Empty when in none.
std::string FindSpawner();

}  // namespace timeit
