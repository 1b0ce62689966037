#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace timeit::testing {

/// What a finished process left behind.
struct ProcessResult {
  int exit_status = -1;  ///< exit code, or 128+signal as a shell reports it
  std::string out;
  std::string err;
};

/// Runs `argv` (argv[0] is looked up in PATH) with `stdin_data` on standard
/// input, in `cwd` when given, and collects its output.
ProcessResult RunProcess(const std::vector<std::string>& argv, const std::string& stdin_data = "",
                         const std::filesystem::path& cwd = {});

/// Runs build/timeit with `args`.
ProcessResult RunTimeit(const std::vector<std::string>& args, const std::string& stdin_data = "",
                        const std::filesystem::path& cwd = {});

/// The environment a timeit of the tests runs in: this one's, with
/// $XDG_RUNTIME_DIR at `runtime_dir` (where timeit stamps the machine's notes
/// it has said, run/machine_notes.h), or at the SharedRuntimeDir's folder
/// while one lives.
std::vector<std::string> TimeitEnvironment(const std::filesystem::path& runtime_dir);

/// A fresh directory under the test temp dir, removed by the destructor.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  /// Writes `content` to path()/name and returns the full path.
  std::filesystem::path Write(const std::string& name, const std::string& content) const;

 private:
  std::filesystem::path path_;
};

/// While one lives, every timeit the test runs shares one $XDG_RUNTIME_DIR,
/// as the series of one login do; otherwise each has its own, and says the
/// machine's notes as the first series of a boot does, whatever ran before.
class SharedRuntimeDir {
 public:
  SharedRuntimeDir();
  ~SharedRuntimeDir();
  SharedRuntimeDir(const SharedRuntimeDir&) = delete;
  SharedRuntimeDir& operator=(const SharedRuntimeDir&) = delete;
  const std::filesystem::path& path() const { return dir_.path(); }

 private:
  TempDir dir_;
};

std::string ReadFile(const std::filesystem::path& path);

/// A copy of `program` in `dir`, which this makes reachable by every user:
/// a test that runs a program as uid nobody cannot exec it from a build tree
/// under /root (mode 700), where a root user's clone of the repository is.
std::filesystem::path CopyForAnyUser(const std::filesystem::path& program, const TempDir& dir);

/// How many times `part` occurs in `text` (a note said once, not per run).
int Occurrences(const std::string& text, const std::string& part);

}  // namespace timeit::testing
