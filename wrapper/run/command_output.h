#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "platforms/unique_fd.h"
#include "wrapper/run/output_tap.h"
#include "wrapper/run/run_options.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// Where the measured command's output goes (--command-output). A build
/// user's default is to see it (inherit). Whatever the mode, a failing
/// run's error output is never lost: with `null`, stderr is kept aside in
/// an anonymous file for each run and shown when the run fails; with a FILE,
/// the file's tail is shown.
///
/// When some measurement source reads the output (`readers`), the measured
/// command writes into an OutputTap instead, which passes everything on to
/// the same places; the helper commands (--prepare, --config, ...) never go
/// through it, so their output is never taken for the command's.
class CommandOutputSink {
 public:
  /// `csv_on_stdout`: the results go to stdout, so the command's stdout is
  /// sent to stderr to keep the CSV clean. Throws SystemError.
  CommandOutputSink(const RunOptions& options, bool csv_on_stdout,
                    std::vector<MeasurementSource*> readers = {});

  /// File descriptors for the helper commands' LaunchSpec (-1: inherit).
  int stdout_fd() const { return stdout_fd_; }
  int stderr_fd() const { return stderr_fd_; }
  /// File descriptors for the measured command's LaunchSpec: the tap's
  /// pipes when there is one, otherwise the same as the helpers'.
  int command_stdout_fd() const { return tap_ ? tap_->stdout_fd() : stdout_fd_; }
  int command_stderr_fd() const { return tap_ ? tap_->stderr_fd() : stderr_fd_; }
  /// True when the command writes to timeit's own terminal.
  bool inherits() const { return mode_ == CommandOutput::kInherit; }

  /// Before each run: forget the previous run's kept stderr.
  void BeforeRun();
  /// After each run's tree is reaped, before the sources collect: every
  /// line of the run has reached the readers when this returns.
  void AfterRun();
  /// After a failed run: prints what the run wrote to stderr (null mode) or
  /// the tail of the output file to `out`.
  void ShowAfterFailure(std::FILE* out);

 private:
  CommandOutput mode_;
  std::string file_;
  platforms::UniqueFd null_;
  platforms::UniqueFd kept_;  ///< the anonymous stderr file, or the output FILE
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
  std::unique_ptr<OutputTap> tap_;  ///< only with readers
};

}  // namespace timeit
