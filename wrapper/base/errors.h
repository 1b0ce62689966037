#pragma once

#include <stdexcept>
#include <string>

namespace timeit {

/// Exit statuses, as documented in timeit(1).
inline constexpr int kExitOk = 0;
inline constexpr int kExitCommandFailed = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitNotFound = 127;
inline constexpr int kExitSignalBase = 128;

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

/// A system call that setup depends on failed; the message keeps errno's
/// text and says what to do where we know it.
class SystemError : public Error {
 public:
  explicit SystemError(const std::string& what, int exit_status = kExitCommandFailed)
      : Error(what, exit_status) {}
};

}  // namespace timeit
