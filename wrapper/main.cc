// timeit's entry point: the only place errors become a printed line and an
// exit status. Parsing and dispatch live in wrapper/dispatch.cc.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "wrapper/base/errors.h"
#include "wrapper/dispatch.h"

namespace {

/// errno of a failed write of what timeit printed on stdout; 0 when all of
/// it was written, or when the caller closed stdout (`>&-`: there is no
/// reader to fail, and the results are in the CSV).
int StdoutWriteError() {
  const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  const int error = errno;
  if (!failed || (::fcntl(STDOUT_FILENO, F_GETFD) == -1 && errno == EBADF)) return 0;
  return error;
}

/// The exit status of the command line, errors included; `outcome.bisect`
/// as Dispatch decided it, also when it threw.
int Run(int argc, char** argv, timeit::Outcome& outcome) {
  try {
    timeit::Dispatch(argc, argv, outcome);
    // A report that did not reach its reader is timeit's failure (a full
    // disk, a closed pipe's EPIPE when SIGPIPE is ignored), not success.
    if (const int error = StdoutWriteError())
      throw timeit::SystemError(std::string("cannot write to standard output: ") +
                                std::strerror(error));
    return outcome.status;
  } catch (const timeit::Error& e) {
    std::fprintf(stderr, "timeit: %s\n", e.what());
    return e.exit_status();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "timeit: internal error: %s\n", e.what());
    return timeit::kExitOwnFailure;
  }
}

}  // namespace

int main(int argc, char** argv) {
  timeit::Outcome outcome;
  const int status = Run(argc, argv, outcome);
  return outcome.bisect ? timeit::BisectExitStatus(status) : status;
}
