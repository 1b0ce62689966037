#include "wrapper/run/command_output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "wrapper/base/errors.h"

namespace timeit {
namespace {

constexpr off_t kTailBytes = 4096;

platforms::UniqueFd OpenOrThrow(const char* path, int flags, const std::string& what) {
  platforms::UniqueFd fd(::open(path, flags | O_CLOEXEC, 0644));
  if (!fd) throw SystemError(what + ": " + std::strerror(errno), OpenFailureStatus(errno));
  return fd;
}

}  // namespace

CommandOutputSink::CommandOutputSink(const RunOptions& options, bool csv_on_stdout,
                                     std::vector<MeasurementSource*> readers)
    : mode_(options.command_output), file_(options.command_output_file) {
  switch (mode_) {
    case CommandOutput::kInherit:
      if (csv_on_stdout) stdout_fd_ = STDERR_FILENO;
      break;
    case CommandOutput::kNull: {
      null_ = OpenOrThrow("/dev/null", O_WRONLY, "/dev/null");
      stdout_fd_ = null_.get();
      const char* tmp = std::getenv("TMPDIR");
      kept_.Reset(
          ::open(tmp != nullptr && *tmp ? tmp : "/tmp", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600));
      // Without O_TMPFILE support the command's stderr simply stays visible.
      stderr_fd_ = kept_ ? kept_.get() : -1;
      break;
    }
    case CommandOutput::kFile:
      kept_ = OpenOrThrow(file_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_APPEND,
                          "--command-output " + file_);
      stdout_fd_ = stderr_fd_ = kept_.get();
      break;
  }
  if (!readers.empty())
    tap_ = std::make_unique<OutputTap>(mode_ == CommandOutput::kNull ? -1
                                       : stdout_fd_ >= 0             ? stdout_fd_
                                                                     : STDOUT_FILENO,
                                       stderr_fd_ >= 0 ? stderr_fd_ : STDERR_FILENO,
                                       std::move(readers));
}

void CommandOutputSink::BeforeRun() {
  if (mode_ == CommandOutput::kNull && kept_) (void)::ftruncate(kept_.get(), 0);
  if (tap_) tap_->BeginRun();
}

void CommandOutputSink::AfterRun() {
  if (tap_) tap_->EndRun();
}

void CommandOutputSink::ShowAfterFailure(std::FILE* out) {
  if (!kept_) return;
  struct stat st {};
  if (::fstat(kept_.get(), &st) != 0 || st.st_size == 0) return;
  const off_t from = st.st_size > kTailBytes ? st.st_size - kTailBytes : 0;
  std::vector<char> buf(static_cast<std::size_t>(st.st_size - from));
  const ssize_t n = ::pread(kept_.get(), buf.data(), buf.size(), from);
  if (n <= 0) return;
  std::string_view text(buf.data(), static_cast<std::size_t>(n));
  if (from > 0) {  // start at a line boundary
    const std::size_t nl = text.find('\n');
    if (nl != std::string_view::npos) text.remove_prefix(nl + 1);
  }
  if (mode_ == CommandOutput::kFile)
    std::fprintf(out, "timeit: the end of %s:\n", file_.c_str());
  else
    std::fprintf(out, "timeit: the failed run's error output:\n");
  std::fwrite(text.data(), 1, text.size(), out);
  if (!text.empty() && text.back() != '\n') std::fputc('\n', out);
}

}  // namespace timeit
