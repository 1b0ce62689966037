#pragma once

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace timeit::testing {

/// build/timeit started in the background in `dir` (stdin /dev/null, stdout
/// and stderr to dir/stdout and dir/stderr), for tests that signal it.
pid_t StartTimeit(const std::vector<std::string>& args, const std::filesystem::path& dir);

/// Waits until `file` holds `count` pids and returns them. No deadline of
/// its own: the test's ctest timeout covers a hang.
std::vector<pid_t> WaitForPids(const std::filesystem::path& file, std::size_t count);

/// Waits until `pid` has exec'd the program named `comm` (its /proc comm).
void WaitUntilExecd(pid_t pid, const std::string& comm);

/// Reaps `pid`; its exit code, or 128+signal as a shell reports it.
int WaitExit(pid_t pid);

}  // namespace timeit::testing
