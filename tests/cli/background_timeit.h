#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace timeit::testing {

/// How long a test waits for something timeit's command should do soon. A
/// wait never lasts longer: a timeit that exited early (a bad default
/// event, a crash) must fail the test, not hang it until ctest's TIMEOUT.
inline constexpr std::chrono::seconds kWaitDeadline{60};

/// build/timeit started in the background in `dir` (stdin /dev/null, stdout
/// and stderr to dir/stdout and dir/stderr), for tests that signal it.
pid_t StartTimeit(const std::vector<std::string>& args, const std::filesystem::path& dir);

/// Owns a background timeit: kills (SIGKILL) and reaps it on destruction
/// unless WaitExit reaped it, so that a failed ASSERT leaves nothing behind.
class BackgroundTimeit {
 public:
  BackgroundTimeit(const std::vector<std::string>& args, const std::filesystem::path& dir)
      : pid_(StartTimeit(args, dir)) {}
  BackgroundTimeit(const BackgroundTimeit&) = delete;
  BackgroundTimeit& operator=(const BackgroundTimeit&) = delete;
  ~BackgroundTimeit();

  pid_t pid() const { return pid_; }
  /// True once timeit has exited (it is not reaped: WaitExit still works).
  bool Exited() const;
  /// Reaps it within `deadline` (SIGKILL after that); its exit code, or
  /// 128+signal as a shell reports it; -1 when the deadline passed.
  int WaitExit(std::chrono::milliseconds deadline = kWaitDeadline);

 private:
  pid_t pid_;
  bool reaped_ = false;
};

/// Waits until `file` holds `count` pids and returns them; returns early,
/// with fewer, when `timeit` exits first or `deadline` passes.
std::vector<pid_t> WaitForPids(const std::filesystem::path& file, std::size_t count,
                               const BackgroundTimeit* timeit = nullptr,
                               std::chrono::milliseconds deadline = kWaitDeadline);

/// Waits until `pid` has exec'd the program named `comm` (its /proc comm);
/// false when `timeit` exits first or `deadline` passes.
bool WaitUntilExecd(pid_t pid, const std::string& comm, const BackgroundTimeit* timeit = nullptr,
                    std::chrono::milliseconds deadline = kWaitDeadline);

}  // namespace timeit::testing
