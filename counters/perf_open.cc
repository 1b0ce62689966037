#include "counters/perf_open.h"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace timeit::counters {

OpenedCounter OpenCounter(const EventEncoding& encoding, pid_t pid, const OpenOptions& options) {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = encoding.type;
  attr.config = encoding.config;
  attr.config1 = encoding.config1;
  attr.config2 = encoding.config2;
  attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  attr.disabled = 1;
  attr.exclude_kernel = options.user_only ? 1 : 0;
  attr.exclude_hv = options.user_only ? 1 : 0;
  if (options.tree) {
    attr.enable_on_exec = 1;
    attr.inherit = 1;
  }
  OpenedCounter opened;
  const long fd = ::syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd < 0) {
    opened.error = errno;
  } else {
    opened.fd.Reset(static_cast<int>(fd));
  }
  return opened;
}

bool ReadCounter(int fd, RawCount& out) {
  std::uint64_t values[3] = {};
  const ssize_t n = ::read(fd, values, sizeof values);
  if (n != static_cast<ssize_t>(sizeof values)) {
    if (n >= 0) errno = EIO;
    return false;
  }
  out.value = values[0];
  out.time_enabled = values[1];
  out.time_running = values[2];
  return true;
}

}  // namespace timeit::counters
