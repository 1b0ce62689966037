#include "counters/tree_counters.h"

#include <linux/perf_event.h>

#include <cerrno>
#include <cstring>

namespace timeit::counters {
namespace {

/// Software events and tracepoints are always scheduled: grouping them
/// costs nothing and saves a read per event per run.
bool NeverMultiplexed(const EventEncoding& e) {
  return e.type == PERF_TYPE_SOFTWARE || e.type == PERF_TYPE_TRACEPOINT;
}

}  // namespace

CounterReading ScaleReading(std::uint64_t value, std::uint64_t time_enabled,
                            std::uint64_t time_running) {
  CounterReading r;
  if (time_running == 0) {
    r.status = EventStatus::kNotCounted;
    r.reason = time_enabled == 0 ? "never enabled (the command did not exec?)"
                                 : "no PMU counter was free during this run";
    return r;
  }
  const double fraction =
      time_enabled == 0 ? 1.0
                        : static_cast<double>(time_running) / static_cast<double>(time_enabled);
  r.running_fraction = fraction > 1.0 ? 1.0 : fraction;
  if (time_running < time_enabled) {
    r.status = EventStatus::kMultiplexed;
    r.value = static_cast<double>(value) * static_cast<double>(time_enabled) /
              static_cast<double>(time_running);
  } else {
    r.status = EventStatus::kCounted;
    r.value = static_cast<double>(value);
  }
  return r;
}

TreeCounters::TreeCounters(std::vector<EventEncoding> events, bool user_only,
                           std::string pmu_counters)
    : events_(std::move(events)),
      user_only_(user_only),
      pmu_counters_(std::move(pmu_counters)),
      open_errors_(events_.size(), 0) {
  OpenGroups();
}

void TreeCounters::OpenGroups() {
  OpenOptions leader_options;
  leader_options.user_only = user_only_;
  leader_options.tree = true;
  leader_options.group_read = true;
  std::optional<std::size_t> shared;  // index of the software/tracepoint group
  for (std::size_t i = 0; i < events_.size(); ++i) {
    if (NeverMultiplexed(events_[i]) && shared) {
      OpenOptions member_options = leader_options;
      member_options.group_fd = groups_[*shared].leader.get();
      OpenedCounter member = OpenCounter(events_[i], 0, member_options);
      if (member.fd) {
        groups_[*shared].members.push_back(std::move(member.fd));
        groups_[*shared].events.push_back(i);
        continue;
      }
      // Refused as a member: try it on its own below.
    }
    OpenedCounter leader = OpenCounter(events_[i], 0, leader_options);
    if (!leader.fd) {
      open_errors_[i] = leader.error;
      continue;
    }
    if (NeverMultiplexed(events_[i]) && !shared) shared = groups_.size();
    // Blocks context cloning (see clone_blockers_); before Linux 6.2 hardware
    // and software events live in separate task contexts, so one per group.
    OpenOptions blocker_options;
    blocker_options.user_only = user_only_;
    blocker_options.tree = false;
    OpenedCounter blocker = OpenCounter(events_[i], 0, blocker_options);
    if (blocker.fd) clone_blockers_.push_back(std::move(blocker.fd));
    Group group;
    group.leader = std::move(leader.fd);
    group.events.push_back(i);
    groups_.push_back(std::move(group));
  }
}

void TreeCounters::Attach(pid_t /*pid*/) {
  for (Group& g : groups_) g.baseline_ok = ReadGroup(g.leader.get(), g.events.size(), g.baseline);
}

std::vector<CounterReading> TreeCounters::Collect() {
  std::vector<CounterReading> readings(events_.size());
  for (std::size_t i = 0; i < events_.size(); ++i) {
    if (open_errors_[i] != 0) {
      readings[i].status = StatusFromOpenErrno(open_errors_[i]);
      readings[i].reason = "perf_event_open: " + ExplainOpenErrno(open_errors_[i]);
    }
  }
  bool some_group_ran = false;
  std::vector<std::size_t> starved;  // hardware events with no counter time this run
  for (Group& g : groups_) {
    GroupCount now;
    if (!g.baseline_ok || !ReadGroup(g.leader.get(), g.events.size(), now)) {
      const std::string why = g.baseline_ok ? std::strerror(errno) : "no baseline read";
      for (std::size_t e : g.events) {
        readings[e].status = EventStatus::kNotCounted;
        readings[e].reason = "read: " + why;
      }
      continue;
    }
    const std::uint64_t enabled = now.time_enabled - g.baseline.time_enabled;
    const std::uint64_t running = now.time_running - g.baseline.time_running;
    for (std::size_t k = 0; k < g.events.size(); ++k) {
      readings[g.events[k]] = ScaleReading(now.values[k] - g.baseline.values[k], enabled, running);
    }
    g.baseline_ok = false;  // the next run reads its own baseline
    if (running > 0) {
      some_group_ran = true;
    } else if (!NeverMultiplexed(events_[g.events.front()])) {
      starved.push_back(g.events.front());
    }
  }
  // Another event ran, so the command did exec: these lost every rotation
  // (a short run, more events than counters). The kernel may not even have
  // counted enabled time for them, so "never enabled" would mislead.
  if (some_group_ran && !starved.empty()) {
    std::size_t hardware = 0;
    for (const EventEncoding& e : events_) hardware += NeverMultiplexed(e) ? 0 : 1;
    const std::string why = "no PMU counter was free during this run (" + std::to_string(hardware) +
                            " hardware events for " +
                            (pmu_counters_.empty() ? "the PMU's counters" : pmu_counters_) + ")";
    for (std::size_t e : starved) readings[e].reason = why;
  }
  return readings;
}

}  // namespace timeit::counters
