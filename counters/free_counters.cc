#include "counters/free_counters.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>

#include <vector>

#include "counters/perf_open.h"

namespace timeit::counters {
namespace {

enum class GroupFit { kCounted, kNotScheduled, kRefused };

/// Opens `size` copies of `encoding` as one group on this process, lets it
/// count across a short loop, and says whether it was ever on the PMU.
GroupFit TryGroup(const EventEncoding& encoding, int size, int& error) {
  std::vector<platforms::UniqueFd> fds;
  for (int i = 0; i < size; ++i) {
    OpenOptions options;
    options.user_only = true;
    options.tree = false;
    options.group_fd = fds.empty() ? -1 : fds.front().get();
    options.group_read = fds.empty();
    OpenedCounter c = OpenCounter(encoding, 0, options);
    if (!c.fd) {
      error = c.error;
      return GroupFit::kRefused;
    }
    fds.push_back(std::move(c.fd));
  }
  const int leader = fds.front().get();
  ::ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
  volatile unsigned sink = 0;
  for (unsigned i = 0; i < 200000; ++i) sink = sink + (i & 7u ? 1u : 3u);
  ::ioctl(leader, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  GroupCount count;
  if (!ReadGroup(leader, fds.size(), count)) return GroupFit::kNotScheduled;
  return count.time_running > 0 ? GroupFit::kCounted : GroupFit::kNotScheduled;
}

}  // namespace

FreeCounters ProbeFreeCounters(const EventEncoding& encoding, int max) {
  FreeCounters result;
  for (int size = 1; size <= max; ++size) {
    int error = 0;
    if (TryGroup(encoding, size, error) != GroupFit::kCounted) {
      if (size == 1) result.error = error;
      return result;
    }
    result.free = size;
  }
  result.capped = true;
  return result;
}

}  // namespace timeit::counters
