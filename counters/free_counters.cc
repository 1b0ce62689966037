#include "counters/free_counters.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>

#include <vector>

#include "counters/perf_open.h"

namespace timeit::counters {

bool GroupFitsNow(const std::vector<EventEncoding>& events, bool user_only, int& error,
                  unsigned work) {
  std::vector<platforms::UniqueFd> fds;
  for (const EventEncoding& e : events) {
    OpenOptions options;
    options.user_only = user_only;
    options.tree = false;
    options.group_fd = fds.empty() ? -1 : fds.front().get();
    options.group_read = fds.empty();
    OpenedCounter c = OpenCounter(e, 0, options);
    if (!c.fd) {
      error = c.error;
      return false;
    }
    fds.push_back(std::move(c.fd));
  }
  if (fds.empty()) return true;
  // Enabling schedules the group at once when it fits; a little work makes
  // its running time visible.
  const int leader = fds.front().get();
  ::ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
  volatile unsigned sink = 0;
  for (unsigned i = 0; i < work; ++i) sink = sink + (i & 7u ? 1u : 3u);
  ::ioctl(leader, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  GroupCount count;
  return ReadGroup(leader, fds.size(), count) && count.time_running > 0;
}

FreeCounters ProbeFreeCounters(const EventEncoding& encoding, int max) {
  FreeCounters result;
  for (int size = 1; size <= max; ++size) {
    int error = 0;
    if (!GroupFitsNow(std::vector<EventEncoding>(static_cast<std::size_t>(size), encoding),
                      /*user_only=*/true, error, /*work=*/200000)) {
      if (size == 1) result.error = error;
      return result;
    }
    result.free = size;
  }
  result.capped = true;
  return result;
}

}  // namespace timeit::counters
