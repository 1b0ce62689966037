#include "wrapper/sources/count_targets.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "counters/cgroup_counters.h"
#include "counters/generic_events.h"
#include "counters/perf_open.h"
#include "counters/process_counters.h"
#include "platforms/cgroup2.h"
#include "platforms/cgroup_stats.h"
#include "wrapper/base/errors.h"

namespace timeit {

struct CountTargets::Target {
  std::string name;       ///< after the '@'
  std::string long_name;  ///< when two share a name: the path, comm-pid
  std::unique_ptr<counters::RunCounters> counters;
  platforms::UniqueFd cpu_stat;            ///< a cgroup's; invalid for a process
  std::optional<std::uint64_t> user, sys;  ///< at BeforeStart
  std::vector<bool> noted;                 ///< per column: a failure was said
  bool multiplexed_noted = false;
};

namespace {

/// The file's text through an fd kept open: pread from its start.
std::string ReadAt(int fd) {
  std::string text;
  char buffer[2048];
  off_t at = 0;
  ssize_t n;
  while ((n = ::pread(fd, buffer, sizeof buffer, at)) > 0) {
    text.append(buffer, static_cast<std::size_t>(n));
    at += n;
  }
  return text;
}

std::string LastComponent(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string CommandName(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
  std::string comm;
  std::getline(in, comm);
  return comm;
}

}  // namespace

CountTargets::CountTargets(const std::vector<std::string>& columns,
                           const std::vector<std::optional<counters::EventEncoding>>& encodings,
                           bool user_only, std::vector<int> cpus,
                           const std::vector<std::string>& cgroup_paths,
                           const std::vector<pid_t>& pids)
    : columns_(columns), cpus_(std::move(cpus)) {
  for (const auto& e : encodings) {
    slot_.push_back(e ? static_cast<int>(counted_.size()) : -1);
    if (e) counted_.push_back(*e);
  }
  for (const std::string& path : cgroup_paths) AddCgroup(path, user_only);
  for (const pid_t pid : pids) AddProcess(pid, user_only);
  // Two targets of one name (a/x and b/x, two mariadbd) are told apart by
  // their longer names (the path below the mount, comm-pid).
  for (std::size_t i = 0; i < targets_.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (targets_[i]->name == targets_[j]->name) {
        targets_[i]->name = targets_[i]->long_name;
        targets_[j]->name = targets_[j]->long_name;
      }
  for (std::size_t i = 0; i < targets_.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (targets_[i]->name == targets_[j]->name)
        throw UsageError("--count-cgroup/--count-pid: '" + targets_[i]->name + "' is given twice");
}

CountTargets::~CountTargets() = default;

void CountTargets::AddCgroup(const std::string& path, bool user_only) {
  std::string why;
  const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
  if (!where) throw UsageError("--count-cgroup " + path + ": " + why);
  // A path inside the mount as given, else relative to the mount.
  const bool inside = path.starts_with(where->mount + "/") || path == where->mount;
  std::string dir =
      inside ? path : where->mount + "/" + (path.starts_with("/") ? path.substr(1) : path);
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  platforms::UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd || ::faccessat(fd.get(), "cgroup.procs", F_OK, 0) != 0)
    throw UsageError("--count-cgroup " + path + ": " + dir + " is not a cgroup v2 directory (" +
                     std::strerror(errno) + ")");
  if (const int err = counters::ProbeCgroupCounting(fd.get(), cpus_.front()); err != 0)
    throw UsageError("--count-cgroup " + path + ": " + counters::ExplainCgroupCountingErrno(err));
  auto t = std::make_unique<Target>();
  t->name = dir == where->mount ? "root" : LastComponent(dir);
  t->long_name = dir == where->mount ? "root" : dir.substr(where->mount.size() + 1);
  t->counters = std::make_unique<counters::CgroupCounters>(counted_, user_only, fd.get(), cpus_,
                                                           counters::CountedCgroup::kAnother);
  t->cpu_stat.Reset(::openat(fd.get(), "cpu.stat", O_RDONLY | O_CLOEXEC));
  t->noted.assign(columns_.size() + 2, false);
  targets_.push_back(std::move(t));
}

void CountTargets::AddProcess(pid_t pid, bool user_only) {
  const std::string name = CommandName(pid);
  if (pid <= 0 || ::kill(pid, 0) != 0 || name.empty())
    throw UsageError("--count-pid " + std::to_string(pid) + ": no such process");
  counters::OpenOptions probe;
  probe.tree = false;
  probe.user_only = user_only;
  const counters::OpenedCounter opened =
      counters::OpenCounter(*counters::FindGenericEvent("task-clock"), pid, probe);
  if (!opened.fd)
    throw UsageError("--count-pid " + std::to_string(pid) + " (" + name +
                     "): " + counters::ExplainOpenErrno(opened.error));
  auto t = std::make_unique<Target>();
  t->name = name;
  t->long_name = name + "-" + std::to_string(pid);
  t->counters = std::make_unique<counters::ProcessCounters>(counted_, user_only, pid);
  t->noted.assign(columns_.size() + 2, false);
  targets_.push_back(std::move(t));
}

std::vector<std::string> CountTargets::Columns() const {
  std::vector<std::string> columns;
  for (const auto& t : targets_) {
    for (const std::string& c : columns_) columns.push_back(c + "@" + t->name);
    if (t->cpu_stat) {
      columns.push_back("cgroup-user@" + t->name);
      columns.push_back("cgroup-sys@" + t->name);
    }
  }
  return columns;
}

void CountTargets::BeforeStart() {
  for (auto& t : targets_) {
    t->counters->BeforeStart();
    if (!t->cpu_stat) continue;
    const std::string text = ReadAt(t->cpu_stat.get());
    t->user = platforms::FlatKeyedValue(text, "user_usec");
    t->sys = platforms::FlatKeyedValue(text, "system_usec");
  }
}

void CountTargets::Collect(MetricValues& out) {
  for (auto& t : targets_) {
    const std::vector<counters::CounterReading> readings = t->counters->Collect();
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      if (slot_[i] < 0) {  // not countable here; the run's own column says why
        out.push_back(std::nullopt);
        continue;
      }
      const counters::CounterReading& r = readings[static_cast<std::size_t>(slot_[i])];
      if (!r.value && !t->noted[i]) {
        t->noted[i] = true;
        notes_.push_back(columns_[i] + "@" + t->name + ": " +
                         std::string(counters::StatusName(r.status)) + " (" + r.reason +
                         "); left empty");
      }
      if (r.status == counters::EventStatus::kMultiplexed && !t->multiplexed_noted) {
        t->multiplexed_noted = true;
        notes_.push_back("counters@" + t->name +
                         ": multiplexed, scaled by enabled/running per CPU or thread");
      }
      out.push_back(r.value);
    }
    if (!t->cpu_stat) continue;
    const std::string text = ReadAt(t->cpu_stat.get());
    const auto user = platforms::FlatKeyedValue(text, "user_usec");
    const auto sys = platforms::FlatKeyedValue(text, "system_usec");
    const auto delta = [](std::optional<std::uint64_t> now, std::optional<std::uint64_t> then) {
      return now && then && *now >= *then ? std::optional<double>(static_cast<double>(*now - *then))
                                          : std::nullopt;
    };
    out.push_back(delta(user, t->user));
    out.push_back(delta(sys, t->sys));
  }
}

std::vector<std::string> CountTargets::TakeNotes() {
  std::vector<std::string> notes = std::move(notes_);
  notes_.clear();
  return notes;
}

}  // namespace timeit
