#include "counters/tree_counters.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <utility>

namespace timeit::counters {
namespace {

/// Software events and tracepoints are always scheduled: grouping them
/// costs nothing and saves a read per event per run.
bool NeverMultiplexed(const EventEncoding& e) { return !MayMultiplex(e); }

}  // namespace

CounterReading ScaleReading(std::uint64_t value, std::uint64_t time_enabled,
                            std::uint64_t time_running,
                            std::optional<std::uint64_t> reference_enabled) {
  std::uint64_t enabled = time_enabled;
  if (reference_enabled && *reference_enabled > enabled) {
    // Never off the PMU, unless the reference is ahead by more than the
    // two task contexts' clocks drift apart (kernels before 6.2).
    const bool never_off = time_running == time_enabled &&
                           static_cast<double>(*reference_enabled - time_running) <=
                               kContextClockSkew * static_cast<double>(*reference_enabled);
    if (!never_off) enabled = *reference_enabled;
  }
  CounterReading r;
  if (time_running == 0) {
    r.status = EventStatus::kNotCounted;
    r.reason = enabled == 0 ? "never enabled (the command did not exec?)"
                            : "no PMU counter was free during this run";
    return r;
  }
  if (time_running >= enabled) {
    r.status = EventStatus::kCounted;
    r.value = static_cast<double>(value);
    r.running_fraction = 1.0;
    return r;
  }
  r.status = EventStatus::kMultiplexed;
  r.running_fraction = static_cast<double>(time_running) / static_cast<double>(enabled);
  // An estimate of a count is a whole number, as perf stat prints it.
  r.value = std::round(static_cast<double>(value) * static_cast<double>(enabled) /
                       static_cast<double>(time_running));
  return r;
}

TreeCounters::TreeCounters(std::vector<EventEncoding> events, bool user_only,
                           std::string pmu_counters, std::vector<std::vector<std::size_t>> rotation)
    : events_(std::move(events)),
      user_only_(user_only),
      pmu_counters_(std::move(pmu_counters)),
      open_errors_(events_.size(), 0),
      rotation_(std::move(rotation)) {
  OpenGroups();
}

bool TreeCounters::Rotated(std::size_t event) const {
  for (const std::vector<std::size_t>& g : rotation_)
    if (std::find(g.begin(), g.end(), event) != g.end()) return true;
  return false;
}

void TreeCounters::OpenGroups() {
  OpenOptions leader_options;
  leader_options.user_only = user_only_;
  leader_options.tree = true;
  leader_options.group_read = true;
  bool any_hardware = false;
  for (std::size_t i = 0; i < events_.size(); ++i) {
    any_hardware = any_hardware || !NeverMultiplexed(events_[i]);
    if (Rotated(i)) continue;  // opened on each run's child instead
    if (NeverMultiplexed(events_[i]) && shared_) {
      OpenOptions member_options = leader_options;
      member_options.group_fd = groups_[*shared_].leader.get();
      OpenedCounter member = OpenCounter(events_[i], 0, member_options);
      if (member.fd) {
        groups_[*shared_].members.push_back(std::move(member.fd));
        groups_[*shared_].events.push_back(i);
        continue;
      }
      // Refused as a member: try it on its own below.
    }
    OpenedCounter leader = OpenCounter(events_[i], 0, leader_options);
    if (!leader.fd) {
      open_errors_[i] = leader.error;
      continue;
    }
    if (NeverMultiplexed(events_[i]) && !shared_) shared_ = groups_.size();
    AddGroup(std::move(leader.fd), events_[i], i);
  }
  if (any_hardware && !shared_) OpenReferenceGroup();
}

void TreeCounters::AddGroup(platforms::UniqueFd leader, const EventEncoding& encoding,
                            std::size_t event) {
  // Blocks context cloning (see clone_blockers_); before Linux 6.2 hardware
  // and software events live in separate task contexts, so one per group.
  OpenOptions blocker_options;
  blocker_options.user_only = user_only_;
  blocker_options.tree = false;
  OpenedCounter blocker = OpenCounter(encoding, 0, blocker_options);
  if (blocker.fd) clone_blockers_.push_back(std::move(blocker.fd));
  Group group;
  group.hardware = !NeverMultiplexed(encoding);
  group.leader = std::move(leader);
  group.events.push_back(event);
  groups_.push_back(std::move(group));
}

void TreeCounters::OpenReferenceGroup() {
  EventEncoding dummy;
  dummy.type = PERF_TYPE_SOFTWARE;
  dummy.config = PERF_COUNT_SW_DUMMY;
  OpenOptions options;
  options.user_only = user_only_;
  options.tree = true;
  options.group_read = true;
  OpenedCounter leader = OpenCounter(dummy, 0, options);
  if (!leader.fd) return;  // scaled by the events' own times, as before
  shared_ = groups_.size();
  AddGroup(std::move(leader.fd), dummy, kReference);
}

void TreeCounters::Attach(pid_t pid) {
  // Every copy of our events that has not reached its exec goes off here:
  // an ioctl on a leader without PERF_IOC_FLAG_GROUP reaches the whole
  // family of inherited copies (perf_event_for_each_child). The copies of
  // timeit-spawner, which got them at its own exec (enable_on_exec), are
  // on, and it hands them on to each child it clones, which would count
  // from its clone, not its exec (setpgid, prctl, the held read, execve),
  // and so would the spawner's own system calls of a run. Off, the held
  // child's copies start at its exec, as a child of timeit's own does (their
  // attr is our leaders', whose enable_on_exec never fired: timeit never
  // execs), and the read below is the run's baseline with nothing racing it.
  for (Group& g : groups_) ::ioctl(g.leader.get(), PERF_EVENT_IOC_DISABLE, 0);
  for (Group& g : groups_) g.baseline_ok = ReadGroup(g.leader.get(), g.events.size(), g.baseline);
  if (!rotation_.empty()) OpenRotationGroup(pid);
}

void TreeCounters::OpenRotationGroup(pid_t pid) {
  run_fds_.clear();
  run_error_ = 0;
  OpenOptions options;
  options.user_only = user_only_;
  options.tree = true;
  for (std::size_t e : rotation_[current_ % rotation_.size()]) {
    options.group_fd = run_fds_.empty() ? -1 : run_fds_.front().get();
    options.group_read = run_fds_.empty();
    OpenedCounter c = OpenCounter(events_[e], pid, options);
    if (!c.fd) {
      run_error_ = c.error;
      run_fds_.clear();
      return;
    }
    run_fds_.push_back(std::move(c.fd));
  }
}

void TreeCounters::CollectRotationGroup(std::optional<std::uint64_t> reference,
                                        std::vector<CounterReading>& readings) {
  const std::size_t current = current_ % rotation_.size();
  const std::string other = "--rotate: counted in group " + std::to_string(current + 1) + " of " +
                            std::to_string(rotation_.size()) + "'s runs, not this run's";
  for (std::size_t g = 0; g < rotation_.size(); ++g) {
    if (g == current) continue;
    for (std::size_t e : rotation_[g]) {
      readings[e].status = EventStatus::kOtherRun;
      readings[e].reason = other;
    }
  }
  const std::vector<std::size_t>& group = rotation_[current];
  GroupCount count;
  if (run_fds_.empty() || !ReadGroup(run_fds_.front().get(), group.size(), count)) {
    const std::string why = run_fds_.empty() ? "perf_event_open: " + ExplainOpenErrno(run_error_)
                                             : std::string("read: ") + std::strerror(errno);
    for (std::size_t e : group) {
      readings[e].status =
          run_fds_.empty() ? StatusFromOpenErrno(run_error_) : EventStatus::kNotCounted;
      readings[e].reason = why;
    }
  } else {
    for (std::size_t k = 0; k < group.size(); ++k)
      readings[group[k]] =
          ScaleReading(count.values[k], count.time_enabled, count.time_running, reference);
  }
  run_fds_.clear();  // the next run opens its own group on its own child
}

std::vector<CounterReading> TreeCounters::Collect() {
  std::vector<CounterReading> readings(events_.size());
  for (std::size_t i = 0; i < events_.size(); ++i) {
    if (open_errors_[i] != 0) {
      readings[i].status = StatusFromOpenErrno(open_errors_[i]);
      readings[i].reason = "perf_event_open: " + ExplainOpenErrno(open_errors_[i]);
    }
  }
  std::vector<std::optional<GroupCount>> deltas;
  for (Group& g : groups_) deltas.push_back(ReadDelta(g, readings));
  // The software group is never off the PMU: its enabled time is the tree's.
  std::optional<std::uint64_t> reference;
  if (shared_ && deltas[*shared_]) reference = deltas[*shared_]->time_enabled;
  bool some_group_ran = false;
  std::vector<std::size_t> starved;  // hardware events with no counter time this run
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
    const Group& g = groups_[gi];
    if (!deltas[gi]) continue;
    const GroupCount& d = *deltas[gi];
    for (std::size_t k = 0; k < g.events.size(); ++k) {
      if (g.events[k] == kReference) continue;
      readings[g.events[k]] = ScaleReading(d.values[k], d.time_enabled, d.time_running,
                                           g.hardware ? reference : std::nullopt);
    }
    if (d.time_running > 0) {
      some_group_ran = true;
    } else if (g.hardware) {
      starved.push_back(g.events.front());
    }
  }
  if (!rotation_.empty()) CollectRotationGroup(reference, readings);
  // Another event ran, so the command did exec: these lost every rotation
  // (a short run, more events than counters).
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

std::optional<GroupCount> TreeCounters::ReadDelta(Group& g, std::vector<CounterReading>& readings) {
  GroupCount now;
  const bool baseline_ok = std::exchange(g.baseline_ok, false);  // the next run reads its own
  if (!baseline_ok || !ReadGroup(g.leader.get(), g.events.size(), now)) {
    const std::string why = baseline_ok ? std::strerror(errno) : "no baseline read";
    for (std::size_t e : g.events) {
      if (e == kReference) continue;
      readings[e].status = EventStatus::kNotCounted;
      readings[e].reason = "read: " + why;
    }
    return std::nullopt;
  }
  GroupCount delta;
  delta.time_enabled = now.time_enabled - g.baseline.time_enabled;
  delta.time_running = now.time_running - g.baseline.time_running;
  for (std::size_t k = 0; k < now.values.size(); ++k)
    delta.values.push_back(now.values[k] - g.baseline.values[k]);
  return delta;
}

}  // namespace timeit::counters
