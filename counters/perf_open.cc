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
  if (options.group_read) attr.read_format |= PERF_FORMAT_GROUP;
  const bool member = options.group_fd >= 0;
  attr.disabled = member || options.until_exec ? 0 : 1;
  attr.remove_on_exec = options.until_exec ? 1 : 0;
  const EventModifiers& m = encoding.modifiers;
  attr.exclude_user = m.exclude_user ? 1 : 0;
  attr.exclude_kernel = options.user_only || m.exclude_kernel ? 1 : 0;
  attr.exclude_hv = options.user_only || m.exclude_hv ? 1 : 0;
  attr.exclude_host = m.exclude_host ? 1 : 0;
  attr.exclude_guest = m.exclude_guest ? 1 : 0;
  attr.exclude_idle = m.exclude_idle ? 1 : 0;
  // The kernel honours pinned and exclusive on group leaders only.
  attr.pinned = m.pinned && !member ? 1 : 0;
  attr.exclusive = m.exclusive && !member ? 1 : 0;
  if (options.tree) {
    attr.enable_on_exec = member ? 0 : 1;
    attr.inherit = 1;
  }
  if (options.inherit) attr.inherit = 1;
  OpenedCounter opened;
  const unsigned long flags =
      PERF_FLAG_FD_CLOEXEC | (options.pid_is_cgroup ? PERF_FLAG_PID_CGROUP : 0);
  const long fd = ::syscall(SYS_perf_event_open, &attr, pid, options.cpu, options.group_fd, flags);
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

bool ReadGroup(int fd, std::size_t members, GroupCount& out) {
  // nr, time_enabled, time_running, then one value per member.
  std::vector<std::uint64_t> buffer(3 + members);
  const auto bytes = static_cast<ssize_t>(buffer.size() * sizeof(std::uint64_t));
  const ssize_t n = ::read(fd, buffer.data(), static_cast<std::size_t>(bytes));
  if (n != bytes || buffer[0] != members) {
    if (n >= 0) errno = EIO;
    return false;
  }
  out.time_enabled = buffer[1];
  out.time_running = buffer[2];
  out.values.assign(buffer.begin() + 3, buffer.end());
  return true;
}

}  // namespace timeit::counters
