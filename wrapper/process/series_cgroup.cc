#include "wrapper/process/series_cgroup.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "platforms/cgroup2.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/process/cgroup_dir.h"

namespace timeit {
namespace {

/// The controllers the runs' columns need: memory.peak, io.stat. Not cpu:
/// cpu.stat's times and the pressure files are there without it, and it
/// would change how the scheduler shares the CPUs between timeit's runs and
/// the rest of the machine.
constexpr const char* kWanted[] = {"memory", "io"};

/// How long a cgroup may take to empty after SIGKILL.
constexpr double kKillSeconds = 5.0;

bool Contains(const std::vector<std::string>& words, std::string_view word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

std::string Why(int err) { return std::strerror(err); }

/// Field 22 of /proc/PID/stat, the start time in clock ticks since boot;
/// nullopt when the process is gone.
std::optional<std::string> StartTime(const std::string& proc_root, pid_t pid) {
  std::ifstream in(proc_root + "/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return std::nullopt;
  const std::size_t paren = stat.rfind(')');  // the command name may hold spaces and ')'
  if (paren == std::string::npos) return std::nullopt;
  std::istringstream fields(stat.substr(paren + 1));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i == 22) return field;
  }
  return std::nullopt;
}

/// "timeit-<pid>-<start>" or the same with ".self": the pid and start time.
bool ParseSeriesName(std::string_view name, pid_t& pid, std::string& start) {
  if (!name.starts_with("timeit-")) return false;
  name.remove_prefix(7);
  if (name.ends_with(".self")) name.remove_suffix(5);
  const std::size_t dash = name.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == name.size()) return false;
  const std::string_view digits = "0123456789";
  const std::string_view p = name.substr(0, dash), s = name.substr(dash + 1);
  if (p.find_first_not_of(digits) != std::string_view::npos ||
      s.find_first_not_of(digits) != std::string_view::npos || p.size() > 9)
    return false;
  if (!ParseWhole(p, pid)) return false;
  start = std::string(s);
  return true;
}

std::vector<std::string> Subdirectories(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return names;
  while (const dirent* e = ::readdir(d)) {
    if (e->d_type == DT_DIR && e->d_name[0] != '.') names.emplace_back(e->d_name);
  }
  ::closedir(d);
  return names;
}

platforms::UniqueFd OpenDirectory(const std::string& dir) {
  return platforms::UniqueFd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
}

/// A live timeit holds an flock on its series' directories (and its .self)
/// for as long as it runs; kill -9 releases it with the process.
platforms::UniqueFd OpenLocked(const std::string& dir) {
  platforms::UniqueFd fd = OpenDirectory(dir);
  // Where flock is refused, the start time alone tells.
  while (fd && ::flock(fd.get(), LOCK_EX) != 0 && errno == EINTR) {
  }
  return fd;
}

/// Whether the timeit of series directory `dir` (pid and start time from its
/// name) is gone. Its lock says so in any pid namespace and under qemu-user
/// (which shows a process another /proc/PID/stat than the kernel does); the
/// start time guards the moment between a directory's mkdir and its lock.
bool Abandoned(const std::string& dir, pid_t pid, const std::string& start,
               const std::string& proc_root) {
  const platforms::UniqueFd fd = OpenDirectory(dir);
  if (!fd) return false;
  if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) {
    // Held (or anything else we cannot read as "free"): not ours to remove,
    // unless this file system has no flock at all.
    if (errno != ENOLCK && errno != EINVAL && errno != EOPNOTSUPP) return false;
  }
  return StartTime(proc_root, pid) != start;
}

/// Whether memory.peak in `dir_fd` takes the write that resets it for the
/// writer's fd (Linux 6.12), tried: before, cgroup files open for writing
/// all the same, and the write fails (EINVAL).
bool PeakResettable(int dir_fd) {
  const platforms::UniqueFd peak(::openat(dir_fd, "memory.peak", O_RDWR | O_CLOEXEC));
  return peak && ::write(peak.get(), "reset\n", 6) == 6;
}

}  // namespace

std::vector<std::string> RemoveStaleSeries(const std::string& own, const std::string& proc_root) {
  std::vector<std::string> notes;
  for (const std::string& name : Subdirectories(own)) {
    const std::string dir = own + "/" + name;
    if (name == "timeit-kept") {  // what --keep-daemons kept: removed once empty
      if (!CgroupPopulated(dir)) ::rmdir(dir.c_str());
      continue;
    }
    pid_t pid = 0;
    std::string start;
    if (!ParseSeriesName(name, pid, start) || !Abandoned(dir, pid, start, proc_root)) continue;
    const std::size_t left = CgroupMembers(dir).size();
    const bool emptied = KillCgroup(dir, kKillSeconds);
    const int err = emptied ? RemoveCgroupTree(dir) : EBUSY;
    std::string note = (err == 0 ? "removed " : "could not remove (" + Why(err) + ") ") + dir +
                       ", left by a timeit (pid " + std::to_string(pid) + ") that was killed";
    if (left > 0) note += "; killed the " + std::to_string(left) + " processes still in it";
    notes.push_back(note);
  }
  return notes;
}

std::unique_ptr<SeriesCgroup> SeriesCgroup::Create(const platforms::SystemRoots& roots,
                                                   const Wants& wants, std::string& why,
                                                   std::vector<std::string>& notes) {
  const std::optional<platforms::Cgroup2Location> where = platforms::FindCgroup2(roots, why);
  if (!where) return nullptr;
  std::unique_ptr<SeriesCgroup> cg(new SeriesCgroup);
  cg->own_ = where->own_dir;
  cg->own_is_root_ = where->own_path == "/";
  if (::access((cg->own_ + "/cgroup.procs").c_str(), W_OK) != 0 ||
      ::access(cg->own_.c_str(), W_OK) != 0) {
    why = cg->own_ + " is not writable here (" + Why(errno) +
          "); as a user, start timeit in a cgroup delegated to you: "
          "systemd-run --user --scope -p Delegate=yes timeit ...";
    return nullptr;
  }
  for (std::string& note : RemoveStaleSeries(cg->own_, roots.proc)) notes.push_back(note);
  const std::optional<std::string> start = StartTime(roots.proc, ::getpid());
  cg->name_ = "timeit-" + std::to_string(::getpid()) + "-" + start.value_or("0");
  const std::string dir = cg->own_ + "/" + cg->name_;
  if (::mkdir(dir.c_str(), 0755) != 0) {
    why = "cannot create " + dir + ": " + Why(errno);
    return nullptr;
  }
  cg->dir_ = dir;  // from here on the destructor removes it
  cg->dir_fd_ = OpenLocked(dir);
  if (!cg->dir_fd_) {
    why = "cannot open " + dir + ": " + Why(errno);
    return nullptr;
  }
  cg->EnableControllers(where->v1_controllers, wants);
  cg->events_fd_.Reset(::openat(cg->dir_fd_.get(), "cgroup.events", O_RDONLY | O_CLOEXEC));
  cg->stat_fd_.Reset(::openat(cg->dir_fd_.get(), "cgroup.stat", O_RDONLY | O_CLOEXEC));
  if (cg->HasController("memory")) cg->peak_resettable_ = PeakResettable(cg->dir_fd_.get());
  return cg;
}

int SeriesCgroup::EnableInOwn(const std::string& controller) {
  int err = WriteCgroupFile(own_, "cgroup.subtree_control", "+" + controller);
  // A cgroup that holds processes cannot give its children controllers
  // (cgroup v2's "no internal processes" rule; the root is exempt). Where
  // timeit is alone in it (systemd-run --scope timeit ...), it moves aside.
  const std::vector<std::string> members = platforms::ReadCgroupWords(own_ + "/cgroup.procs");
  if (err == EBUSY && !own_is_root_ && !moved_self_ && members.size() == 1 &&
      members[0] == std::to_string(::getpid())) {
    const std::string self = own_ + "/" + name_ + ".self";
    if (::mkdir(self.c_str(), 0755) == 0) {
      self_fd_ = OpenLocked(self);
      moved_self_ = WriteCgroupFile(self, "cgroup.procs", "0") == 0;
      if (!moved_self_) {
        self_fd_.Reset();
        ::rmdir(self.c_str());
      }
    }
    if (moved_self_) err = WriteCgroupFile(own_, "cgroup.subtree_control", "+" + controller);
  }
  if (err == 0) enabled_in_own_.push_back(controller);
  return err;
}

void SeriesCgroup::EnableControllers(const std::vector<std::string>& v1_controllers,
                                     const Wants& wants) {
  for (const char* c : kWanted) {
    if (!wants.memory && std::string_view(c) == "memory") {
      missing_.emplace_back(c, "off (--no-mem-peak)");
      continue;
    }
    const bool on_v1 = std::any_of(
        v1_controllers.begin(), v1_controllers.end(),
        [&](const std::string& v1) { return platforms::UnifiedControllerName(v1) == c; });
    std::string why;
    if (!Contains(platforms::ReadCgroupWords(own_ + "/cgroup.controllers"), c)) {
      why = on_v1 ? std::string("the ") + c +
                        " controller is bound to cgroup v1 on this machine (a hybrid hierarchy; "
                        "boot with systemd.unified_cgroup_hierarchy=1 for cgroup v2 alone)"
                  : std::string("the ") + c + " controller is not enabled for " + own_ +
                        " by its parent's cgroup.subtree_control";
    } else if (!Contains(platforms::ReadCgroupWords(own_ + "/cgroup.subtree_control"), c)) {
      const int err = EnableInOwn(c);
      if (err != 0) {
        why = std::string("cannot enable the ") + c + " controller in " + own_ +
              "/cgroup.subtree_control (" + Why(err) + ")";
        if (err == EBUSY)
          why +=
              ": other processes are in that cgroup; start timeit in one of its own: "
              "systemd-run --scope -p Delegate=yes timeit ...";
      }
    }
    if (why.empty()) {
      const int err = WriteCgroupFile(dir_, "cgroup.subtree_control", std::string("+") + c);
      if (err != 0)
        why = std::string("cannot enable the ") + c + " controller in " + dir_ + " (" + Why(err) +
              ")";
    }
    if (why.empty()) {
      controllers_.emplace_back(c);
    } else {
      missing_.emplace_back(c, why);
    }
  }
}

bool SeriesCgroup::HasController(std::string_view controller) const {
  return Contains(controllers_, controller);
}

std::string SeriesCgroup::MissingController(std::string_view controller) const {
  for (const auto& [c, why] : missing_)
    if (c == controller) return why;
  return HasController(controller) ? "" : "the " + std::string(controller) + " controller is off";
}

void SeriesCgroup::BeginRun() {
  run_fresh_ = !run_fd_;
  if (!run_fresh_) return;  // kept by EndRun: empty, nothing below it
  run_dir_ = dir_ + "/run-" + std::to_string(++runs_);
  if (::mkdir(run_dir_.c_str(), 0755) != 0 && errno != EEXIST)
    throw SystemError("cannot create the run's cgroup " + run_dir_ + ": " + Why(errno));
  run_fd_ = OpenDirectory(run_dir_);
  if (!run_fd_) throw SystemError("cannot open the run's cgroup " + run_dir_ + ": " + Why(errno));
  run_kill_fd_.Reset(::openat(run_fd_.get(), "cgroup.kill", O_WRONLY | O_CLOEXEC));
}

std::vector<std::string> SeriesCgroup::SweepRun(bool keep) {
  std::vector<std::string> left;
  // The usual case in one read: nothing is left in the cgroup or below it.
  swept_empty_ = run_dir_.empty() || !CgroupPopulated(events_fd_.get(), dir_);
  if (swept_empty_) return left;
  std::vector<pid_t> members = CgroupMembers(run_dir_);
  for (const pid_t pid : members) left.push_back(DescribeProcess(pid));
  if (members.empty()) return left;
  if (!keep) {
    run_killed_ = true;
    KillCgroup(run_dir_, kKillSeconds);
    return left;
  }
  const std::string kept = kept_dir();
  ::mkdir(kept.c_str(), 0755);
  // A member may fork while we move it: a few rounds until none is left.
  for (int round = 0; round < 3 && !members.empty(); ++round) {
    for (const pid_t pid : members) WriteCgroupFile(kept, "cgroup.procs", std::to_string(pid));
    members = CgroupMembers(run_dir_);
  }
  return left;
}

bool SeriesCgroup::EndRun(std::string& why) {
  if (run_dir_.empty()) return true;
  const bool killed = std::exchange(run_killed_, false);
  const bool swept_empty = std::exchange(swept_empty_, false);
  if (killed || (HasController("memory") && !peak_resettable_) || !stat_fd_) return RemoveRun(why);
  // Nothing in it (as SweepRun found it, or emptied it), and no cgroup the
  // command made below it: the series' live descendants (cgroup.stat's
  // nr_descendants) are the run's cgroup alone.
  const bool empty = swept_empty || !CgroupPopulated(events_fd_.get(), dir_);
  if (!empty || CgroupDescendants(stat_fd_.get()) != 1) return RemoveRun(why);
  // Nor controllers it gave cgroups it made and removed: a cgroup that
  // gives its children controllers may hold no process (cgroup v2), and
  // the next run's clone into it would fail.
  if (!run_subtree_fd_)
    run_subtree_fd_.Reset(::openat(run_fd_.get(), "cgroup.subtree_control", O_RDONLY | O_CLOEXEC));
  return CgroupGivesNoControllers(run_subtree_fd_.get()) || RemoveRun(why);
}

bool SeriesCgroup::RemoveRun(std::string& why) {
  if (run_dir_.empty()) return true;
  run_kill_fd_.Reset();
  run_subtree_fd_.Reset();
  run_fd_.Reset();
  // The usual case in one rmdir: the command made no cgroups of its own.
  int err = ::rmdir(run_dir_.c_str()) == 0 ? 0 : RemoveCgroupTree(run_dir_);
  if (err == EBUSY && KillCgroup(run_dir_, kKillSeconds)) err = RemoveCgroupTree(run_dir_);
  if (err != 0) why = "cannot remove the run's cgroup " + run_dir_ + ": " + Why(err);
  run_dir_.clear();
  return err == 0;
}

void SeriesCgroup::Remove() {
  std::string ignored;
  RemoveRun(ignored);
  if (!dir_.empty()) {
    if (CgroupPopulated(dir_)) KillCgroup(dir_, kKillSeconds);
    RemoveCgroupTree(dir_);  // still locked: no other timeit takes it for stale meanwhile
  }
  dir_fd_.Reset();
  if (!moved_self_) return;  // controllers enabled in the root stay, as systemd leaves them
  // Back where we started: <own> may hold processes again only without
  // controllers for its children.
  for (const std::string& c : enabled_in_own_)
    WriteCgroupFile(own_, "cgroup.subtree_control", "-" + c);
  if (WriteCgroupFile(own_, "cgroup.procs", "0") == 0)
    ::rmdir((own_ + "/" + name_ + ".self").c_str());
  self_fd_.Reset();
}

SeriesCgroup::~SeriesCgroup() { Remove(); }

}  // namespace timeit
