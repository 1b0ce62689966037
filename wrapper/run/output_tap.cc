#include "wrapper/run/output_tap.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "wrapper/base/errors.h"

namespace timeit {
namespace {

constexpr std::size_t kBufferSize = 128 * 1024;
/// Fewer wake-ups for a command that prints a lot; the kernel's default
/// limit for unprivileged users (/proc/sys/fs/pipe-max-size) is 1 MiB.
constexpr int kPipeSize = 1 << 20;

void WakeUp(int fd) {
  const std::uint64_t one = 1;
  while (::write(fd, &one, sizeof one) < 0 && errno == EINTR) {
  }
}

/// Writes all of `data` to `fd`; false on an error (a closed terminal, a full disk).
bool WriteAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

OutputTap::OutputTap(int stdout_to, int stderr_to, std::vector<MeasurementSource*> readers)
    : readers_(std::move(readers)), buffer_(new char[kBufferSize]) {
  const int to[2] = {stdout_to, stderr_to};
  for (int i = 0; i < 2; ++i) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      throw SystemError(std::string("cannot create a pipe for the command's output: ") +
                        std::strerror(errno));
    streams_[i].read.Reset(fds[0]);
    streams_[i].write.Reset(fds[1]);
    (void)::fcntl(fds[1], F_SETPIPE_SZ, kPipeSize);  // a smaller pipe works too
    ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    streams_[i].to = to[i];
    streams_[i].pending.reserve(kMaxOutputLine);
  }
  wake_.Reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
  if (!wake_) throw SystemError(std::string("cannot create an eventfd: ") + std::strerror(errno));
  // timeit started with stdout or stderr closed: the number may now be one
  // of our own descriptors, and passing output on there would feed it back.
  for (Stream& s : streams_)
    for (const int own : {streams_[0].read.get(), streams_[0].write.get(), streams_[1].read.get(),
                          streams_[1].write.get(), wake_.get()})
      if (s.to == own) s.to = -1;
  thread_ = std::thread([this] { ThreadMain(); });
}

OutputTap::~OutputTap() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  WakeUp(wake_.get());
  thread_.join();
}

void OutputTap::BeginRun() {
  std::lock_guard lock(mutex_);
  in_run_ = true;
  ++run_;
}

void OutputTap::EndRun() {
  {
    std::lock_guard lock(mutex_);
    if (!in_run_) return;
    drain_requested_ = true;
    drained_ = false;
  }
  WakeUp(wake_.get());
  std::unique_lock lock(mutex_);
  drained_cv_.wait(lock, [this] { return drained_; });
}

std::size_t OutputTap::ReadSome(Stream& s, std::size_t limit) {
  const ssize_t n = ::read(s.read.get(), buffer_.get(), std::min(limit, kBufferSize));
  if (n <= 0) return 0;
  // Whether these bytes belong to a run is decided after they were read:
  // BeginRun happens before the command starts, hence before it writes.
  {
    std::lock_guard lock(mutex_);
    giving_ = in_run_;
    if (run_ != seen_run_) {  // a new run: forget the last one's unfinished lines
      seen_run_ = run_;
      for (Stream& each : streams_) each.pending.clear(), each.cut = false;
    }
  }
  Consume(s, buffer_.get(), static_cast<std::size_t>(n));
  return static_cast<std::size_t>(n);
}

void OutputTap::Consume(Stream& s, const char* data, std::size_t size) {
  if (s.to >= 0 && !WriteAll(s.to, data, size)) s.to = -1;  // the command is not affected
  if (!giving_) return;
  const char* const end = data + size;
  while (data < end) {
    const char* nl = static_cast<const char*>(std::memchr(data, '\n', end - data));
    const char* piece_end = nl != nullptr ? nl : end;
    if (!s.cut) {
      const std::size_t room = kMaxOutputLine - s.pending.size();
      const std::size_t piece = static_cast<std::size_t>(piece_end - data);
      if (s.pending.empty() && nl != nullptr && piece <= kMaxOutputLine) {
        Give(std::string_view(data, piece));  // the common case: no copy
      } else if (piece >= room && (piece > room || nl == nullptr)) {
        s.pending.append(data, room);  // too long: give its start, skip the rest
        Give(s.pending);
        s.pending.clear();
        s.cut = nl == nullptr;
      } else {
        s.pending.append(data, piece);
        if (nl != nullptr) {
          Give(s.pending);
          s.pending.clear();
        }
      }
    } else if (nl != nullptr) {
      s.cut = false;  // the end of the cut line
    }
    if (nl == nullptr) break;
    data = nl + 1;
  }
}

void OutputTap::Give(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  for (MeasurementSource* r : readers_) r->OnOutputLine(line);
}

void OutputTap::EndLines(Stream& s) {
  if (giving_ && !s.cut && !s.pending.empty()) Give(s.pending);
  s.pending.clear();
  s.cut = false;
}

void OutputTap::ThreadMain() {
  // Signals are the main thread's business: its wait4 must see EINTR.
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, nullptr);
  pollfd fds[3] = {{streams_[0].read.get(), POLLIN, 0},
                   {streams_[1].read.get(), POLLIN, 0},
                   {wake_.get(), POLLIN, 0}};
  while (true) {
    // A failed poll (EINTR; ENOMEM, which passes) is tried again: ending the
    // thread would leave EndRun waiting for ever.
    if (::poll(fds, 3, -1) < 0) continue;
    for (int i = 0; i < 2; ++i)
      if (fds[i].revents != 0) ReadSome(streams_[i], kBufferSize);
    if (fds[2].revents != 0) {
      std::uint64_t news = 0;
      (void)::read(wake_.get(), &news, sizeof news);
    }
    bool drain = false, stop = false;
    {
      std::lock_guard lock(mutex_);
      drain = drain_requested_;
      stop = stop_;
    }
    if (drain) {
      // Exactly what is in the pipes now is the rest of the run: its tree
      // is reaped. Reading on until the pipe is empty could go on forever
      // with a daemon of the command still writing.
      for (Stream& s : streams_) {
        int available = 0;
        if (::ioctl(s.read.get(), FIONREAD, &available) != 0) available = 0;
        for (auto left = static_cast<std::size_t>(available); left > 0;) {
          const std::size_t n = ReadSome(s, left);
          if (n == 0) break;
          left -= n;
        }
        {
          std::lock_guard lock(mutex_);
          giving_ = in_run_;
        }
        EndLines(s);
      }
      std::lock_guard lock(mutex_);
      in_run_ = false;
      drain_requested_ = false;
      drained_ = true;
      drained_cv_.notify_all();
    }
    if (stop) break;
  }
}

}  // namespace timeit
