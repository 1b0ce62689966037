#include "counters/event_groups.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>

#include <cmath>

namespace timeit::counters {
namespace {

bool NeverMultiplexed(const EventEncoding& e) {
  return e.type == PERF_TYPE_SOFTWARE || e.type == PERF_TYPE_TRACEPOINT;
}

}  // namespace

EventGroups::EventGroups(const std::vector<EventEncoding>& events, pid_t pid, OpenOptions options,
                         const std::vector<std::vector<std::size_t>>& rotation)
    : open_errors_(events.size(), 0) {
  options.tree = false;
  options.group_read = true;
  options.group_fd = -1;
  std::vector<bool> rotated(events.size(), false);
  for (const auto& group : rotation)
    for (std::size_t e : group) rotated[e] = true;
  int shared = -1;  // index of the software/tracepoint group
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (rotated[i]) continue;
    if (NeverMultiplexed(events[i]) && shared >= 0) {
      OpenOptions member = options;
      member.group_fd = groups_[static_cast<std::size_t>(shared)].leader.get();
      OpenedCounter m = OpenCounter(events[i], pid, member);
      if (m.fd) {
        groups_[static_cast<std::size_t>(shared)].members.push_back(std::move(m.fd));
        groups_[static_cast<std::size_t>(shared)].events.push_back(i);
        continue;
      }
    }
    OpenedCounter leader = OpenCounter(events[i], pid, options);
    if (!leader.fd) {
      open_errors_[i] = leader.error;
      continue;
    }
    if (NeverMultiplexed(events[i]) && shared < 0) shared = static_cast<int>(groups_.size());
    Group g;
    g.leader = std::move(leader.fd);
    g.events.push_back(i);
    groups_.push_back(std::move(g));
  }
  // Opened disabled (a leader always is); counting from here on.
  for (Group& g : groups_) ::ioctl(g.leader.get(), PERF_EVENT_IOC_ENABLE, 0);
  for (std::size_t g = 0; g < rotation.size(); ++g)
    OpenRotationGroup(events, pid, options, rotation[g], static_cast<int>(g));
}

void EventGroups::OpenRotationGroup(const std::vector<EventEncoding>& events, pid_t pid,
                                    const OpenOptions& options,
                                    const std::vector<std::size_t>& group, int index) {
  Group g;
  g.rotation = index;
  for (std::size_t e : group) {
    OpenOptions o = options;
    o.group_fd = g.leader ? g.leader.get() : -1;
    OpenedCounter c = OpenCounter(events[e], pid, o);
    if (!c.fd) {  // the group counts as one or not at all
      for (std::size_t f : group) open_errors_[f] = c.error;
      return;
    }
    if (g.leader) {
      g.members.push_back(std::move(c.fd));
    } else {
      g.leader = std::move(c.fd);
    }
    g.events.push_back(e);
  }
  groups_.push_back(std::move(g));  // disabled until selected
}

void EventGroups::SelectRotationGroup(std::size_t group) {
  selected_ = static_cast<int>(group);
  for (Group& g : groups_) {
    if (g.rotation < 0) continue;
    const bool on = static_cast<std::size_t>(g.rotation) == group;
    ::ioctl(g.leader.get(), on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
  }
}

void EventGroups::Read(std::vector<RawCount>& out, std::vector<bool>& ok) const {
  out.assign(open_errors_.size(), RawCount{});
  ok.assign(open_errors_.size(), false);
  GroupCount now;
  for (const Group& g : groups_) {
    // Only the selected rotation group: cycles and instructions are in every
    // group, and a disabled one's copies would overwrite its counts.
    if (g.rotation >= 0 && g.rotation != selected_) continue;
    if (!ReadGroup(g.leader.get(), g.events.size(), now)) continue;
    for (std::size_t k = 0; k < g.events.size(); ++k) {
      out[g.events[k]] = RawCount{now.values[k], now.time_enabled, now.time_running};
      ok[g.events[k]] = true;
    }
  }
}

CounterReading SumScaled(const std::vector<TargetDelta>& targets, bool idle_is_zero,
                         bool may_multiplex) {
  double scaled = 0;
  std::uint64_t enabled = 0, running = 0, enabled_where_ran = 0;
  for (TargetDelta t : targets) {
    if (!may_multiplex) {
      if (t.running == 0) continue;  // never scheduled here: it counted nothing, lost nothing
      t.running = t.enabled;         // never waits for a counter: what it counted is all
    }
    // Scheduled in a moment after its cgroup at each switch, an event that
    // was never off the PMU runs a little less than it is enabled: exact
    // within the clocks' skew (TreeCounters allows the same).
    if (t.running < t.enabled && static_cast<double>(t.enabled - t.running) <=
                                     kContextClockSkew * static_cast<double>(t.enabled))
      t.running = t.enabled;
    enabled += t.enabled;
    running += t.running;
    if (t.running == 0) continue;
    enabled_where_ran += t.enabled;
    // A count the event ran for all of is exact as it is: scaled by 1 in
    // doubles, a product past 2^53 would make 948692068 ns 948692067.9999999.
    scaled += t.running == t.enabled
                  ? static_cast<double>(t.value)
                  : static_cast<double>(t.value) * static_cast<double>(t.enabled) /
                        static_cast<double>(t.running);
  }
  CounterReading r;
  if (enabled == 0 && idle_is_zero) {
    r.status = EventStatus::kCounted;
    r.value = 0;
    return r;
  }
  if (running == 0) {
    r.status = EventStatus::kNotCounted;
    r.reason = enabled == 0 ? "never enabled (nothing of the run ran where it counts)"
                            : "no PMU counter was free during this run";
    return r;
  }
  const double fraction = static_cast<double>(running) / static_cast<double>(enabled);
  r.running_fraction = fraction > 1.0 ? 1.0 : fraction;
  if (enabled_where_ran < enabled)
    scaled = scaled * static_cast<double>(enabled) / static_cast<double>(enabled_where_ran);
  // An estimate of a count is a whole number, as perf stat prints it.
  r.value = std::round(scaled);
  r.status = running < enabled ? EventStatus::kMultiplexed : EventStatus::kCounted;
  return r;
}

}  // namespace timeit::counters
