#pragma once

#include <stdexcept>
#include <string>

namespace timeit {

/// Exit statuses, as documented in timeit(1). A CI gate and `git bisect
/// run` must tell a regression (1) from bad usage (2) and from timeit
/// itself failing (3), so each means one thing.
inline constexpr int kExitOk = 0;
inline constexpr int kExitCommandFailed = 1;  ///< the measured command, or a --fail-on verdict
inline constexpr int kExitBadInput = 2;       ///< bad usage or bad input
inline constexpr int kExitOwnFailure = 3;     ///< internal error, failed write, system call
inline constexpr int kExitNotExecutable = 126;
inline constexpr int kExitNotFound = 127;
inline constexpr int kExitSignalBase = 128;  ///< + the signal that ended timeit

/// --bisect's statuses, as `git bisect run` reads them: 0 good, 1 bad, 125
/// skip this commit, and 128 (above 127) to stop bisecting.
inline constexpr int kExitBisectGood = 0;
inline constexpr int kExitBisectBad = 1;
inline constexpr int kExitBisectSkip = 125;
inline constexpr int kExitBisectAbort = 128;

/// The status `git bisect run` is given for timeit's `status` under
/// --bisect: good, bad and skip as they are, a signal's 128+N as it is
/// (it stops the bisection too), and anything else -- bad usage, timeit's
/// own failure, a command not found -- 128, which stops the bisection
/// rather than marking the commit bad.
constexpr int BisectExitStatus(int status) {
  if (status == kExitBisectGood || status == kExitBisectBad || status == kExitBisectSkip ||
      status > kExitSignalBase)
    return status;
  return kExitBisectAbort;
}

/// A failure that ends the program. Thrown by setup code, caught only in
/// main.cc, printed as one line `timeit: <what>` and turned into an exit
/// status. Per-run and per-event outcomes are values, never these.
class Error : public std::runtime_error {
 public:
  Error(const std::string& what, int exit_status)
      : std::runtime_error(what), exit_status_(exit_status) {}
  int exit_status() const { return exit_status_; }

 private:
  int exit_status_;
};

/// Bad options or arguments on the command line (exit status 2).
class UsageError : public Error {
 public:
  explicit UsageError(const std::string& what) : Error(what, kExitBadInput) {}
};

/// Bad input read from a file or stdin (exit status 2). The message names
/// the file and, when known, the line: `a.csv:12: ...`.
class InputError : public Error {
 public:
  InputError(const std::string& file, long line, const std::string& why)
      : Error(Format(file, line, why), kExitBadInput) {}

 private:
  static std::string Format(const std::string& file, long line, const std::string& why) {
    return line > 0 ? file + ":" + std::to_string(line) + ": " + why : file + ": " + why;
  }
};

/// A system call that should not fail did, or a file timeit writes cannot
/// be written (exit status 3: timeit's own failure, never the command's 1);
/// the message keeps errno's text and says what to do where we know it.
class SystemError : public Error {
 public:
  explicit SystemError(const std::string& what, int exit_status = kExitOwnFailure)
      : Error(what, exit_status) {}
};

/// The exit status for a file the user named (-o, --html, --command-output)
/// that cannot be opened with errno `err`: the name's fault -- no such
/// folder, no permission, a read-only file system, a folder -- is bad input
/// (2); anything else (no memory, no file descriptor, an I/O error) is
/// timeit's own failure (3).
int OpenFailureStatus(int err);

}  // namespace timeit
