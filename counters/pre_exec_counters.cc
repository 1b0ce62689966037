#include "counters/pre_exec_counters.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "counters/generic_events.h"
#include "counters/perf_open.h"
#include "platforms/whole_number.h"

namespace timeit::counters {

PreExecCounters::PreExecCounters(std::vector<EventEncoding> events, bool user_only)
    : events_(std::move(events)),
      user_only_(user_only),
      fds_(events_.size()),
      open_errors_(events_.size(), 0) {}

void PreExecCounters::Open(pid_t pid, const std::vector<std::size_t>& counted) {
  Close();
  OpenOptions options;
  options.tree = false;
  options.user_only = user_only_;
  options.until_exec = true;
  // The hardware events in one group: the cgroup's own events take the PMU
  // first (the CPU's context is scheduled before the task's), and what is
  // left either fits them all or none. Alone, some would fit and others
  // not, and a run's cycles would lose the child's part where its
  // instructions kept it.
  int leader = -1;
  for (const std::size_t e : counted) {
    const bool hardware = MayMultiplex(events_[e]);
    options.group_fd = hardware ? leader : -1;
    OpenedCounter opened = OpenCounter(events_[e], pid, options);
    if (hardware && leader < 0 && opened.fd) leader = opened.fd.get();
    fds_[e] = std::move(opened.fd);
    open_errors_[e] = opened.error;
  }
}

std::optional<std::uint64_t> PreExecCounters::Count(std::size_t e, std::string& why) const {
  if (!fds_[e]) {
    why = std::string("their count before the exec could not be opened: ") +
          std::strerror(open_errors_[e]);
    return std::nullopt;
  }
  RawCount count;
  if (!ReadCounter(fds_[e].get(), count)) {
    why = std::string("their count before the exec could not be read: ") + std::strerror(errno);
    return std::nullopt;
  }
  // On a counter for less than the whole window: only an estimate.
  if (count.time_running != count.time_enabled) {
    why = "their count before the exec found no free PMU counter (the cgroup's events had them)";
    return std::nullopt;
  }
  return count.value;
}

void PreExecCounters::Close() {
  for (platforms::UniqueFd& fd : fds_) fd.Reset();
  std::fill(open_errors_.begin(), open_errors_.end(), 0);
}

int ProbeRemoveOnExec() {
  OpenOptions options;
  options.tree = false;
  options.until_exec = true;
  // On timeit itself, which never execs; closed at once.
  const OpenedCounter probe = OpenCounter(*FindGenericEvent("task-clock"), 0, options);
  return probe.fd ? 0 : probe.error;
}

namespace {

/// The system call the task is blocked in, from /proc/PID/syscall ("63 0x5
/// ..." on arm64 for read; "running" while it runs, or -1 blocked outside
/// one); nullopt (errno set) when the file cannot be read.
std::optional<long> BlockedSyscall(pid_t pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/syscall", static_cast<int>(pid));
  const platforms::UniqueFd fd(::open(path, O_RDONLY | O_CLOEXEC));
  if (!fd) return std::nullopt;
  char text[256];
  const ssize_t n = ::read(fd.get(), text, sizeof text);
  if (n <= 0) {
    if (n == 0) errno = EIO;
    return std::nullopt;
  }
  const std::string_view line(text, static_cast<std::size_t>(n));
  long nr = -1;
  if (!platforms::ParseWhole(line.substr(0, line.find_first_of(" \n")), nr))
    return -1;  // "running"
  return nr;
}

}  // namespace

bool AwaitSleepingInRead(pid_t pid, std::chrono::milliseconds deadline, std::string& why) {
  const auto until = std::chrono::steady_clock::now() + deadline;
  for (int tries = 0;; ++tries) {
    const std::optional<long> nr = BlockedSyscall(pid);
    if (!nr) {
      why = "/proc/" + std::to_string(pid) + "/syscall could not be read (" + std::strerror(errno) +
            ")";
      return false;
    }
    if (*nr == SYS_read) return true;
    if (std::chrono::steady_clock::now() >= until) {
      why = "timeit's child did not reach its held read within " +
            std::to_string(deadline.count()) + " ms";
      return false;
    }
    // It is a few system calls away: yield the CPU first, then sleep a little.
    if (tries < 20) {
      ::sched_yield();
    } else {
      const struct timespec tick = {0, 20000};
      ::nanosleep(&tick, nullptr);
    }
  }
}

}  // namespace timeit::counters
