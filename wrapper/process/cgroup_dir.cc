#include "wrapper/process/cgroup_dir.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <sstream>

#include "platforms/cgroup_stats.h"
#include "platforms/file_text.h"

namespace timeit {
namespace {

std::vector<pid_t> OwnMembers(const std::string& dir) {
  std::vector<pid_t> pids;
  std::istringstream in(platforms::ReadFileText(dir + "/cgroup.procs").value_or(""));
  for (pid_t pid = 0; in >> pid;) pids.push_back(pid);
  return pids;
}

double Now() {
  struct timespec t {};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

void Nap() {
  const struct timespec ms { 0, 1000000 };
  ::nanosleep(&ms, nullptr);
}

/// Appends the cgroups below `dir` to `out`, children after their own children.
void AddBelow(const std::string& dir, std::vector<std::string>& out) {
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return;
  std::vector<std::string> children;
  while (const dirent* e = ::readdir(d)) {
    const std::string_view name = e->d_name;
    if (e->d_type == DT_DIR && name != "." && name != "..")
      children.push_back(dir + "/" + e->d_name);
  }
  ::closedir(d);
  for (const std::string& child : children) {
    AddBelow(child, out);
    out.push_back(child);
  }
}

}  // namespace

int WriteCgroupFile(const std::string& dir, const char* file, std::string_view text) {
  const int fd = ::open((dir + "/" + file).c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  const ssize_t n = ::write(fd, text.data(), text.size());
  const int err = n == static_cast<ssize_t>(text.size()) ? 0 : (n < 0 ? errno : EIO);
  ::close(fd);
  return err;
}

std::vector<std::string> CgroupsBelow(const std::string& dir) {
  std::vector<std::string> below;
  AddBelow(dir, below);
  return below;
}

std::vector<pid_t> CgroupMembers(const std::string& dir) {
  std::vector<pid_t> pids = OwnMembers(dir);
  for (const std::string& child : CgroupsBelow(dir)) {
    for (const pid_t pid : OwnMembers(child)) pids.push_back(pid);
  }
  return pids;
}

bool CgroupPopulated(const std::string& dir) {
  const std::string events = platforms::ReadFileText(dir + "/cgroup.events").value_or("");
  // Unreadable (the directory is gone): nothing is in it.
  return events.find("populated 1") != std::string::npos;
}

namespace {

/// A small cgroup file's text through its open fd, read again from the start.
std::string_view PreadSmall(int fd, char (&buffer)[256]) {
  const ssize_t n = ::pread(fd, buffer, sizeof buffer, 0);
  return n > 0 ? std::string_view(buffer, static_cast<std::size_t>(n)) : std::string_view();
}

}  // namespace

bool CgroupPopulated(int events_fd, const std::string& dir) {
  if (events_fd < 0) return CgroupPopulated(dir);
  char buffer[256];
  return PreadSmall(events_fd, buffer).find("populated 1") != std::string_view::npos;
}

long CgroupDescendants(int stat_fd) {
  char buffer[256];
  const std::optional<std::uint64_t> n =
      platforms::FlatKeyedValue(PreadSmall(stat_fd, buffer), "nr_descendants");
  return n ? static_cast<long>(*n) : -1;
}

bool CgroupGivesNoControllers(int subtree_fd) {
  char buffer[256];
  const ssize_t n = subtree_fd < 0 ? -1 : ::pread(subtree_fd, buffer, sizeof buffer, 0);
  return n >= 0 && std::string_view(buffer, static_cast<std::size_t>(n)).find_first_not_of(" \n") ==
                       std::string_view::npos;
}

bool KillCgroup(const std::string& dir, double seconds) {
  const double deadline = Now() + seconds;
  const bool killed_at_once = WriteCgroupFile(dir, "cgroup.kill", "1") == 0;
  while (CgroupPopulated(dir)) {
    if (Now() > deadline) return false;
    if (!killed_at_once) {
      for (const pid_t pid : CgroupMembers(dir)) ::kill(pid, SIGKILL);
    }
    Nap();
  }
  return true;
}

int RemoveCgroupTree(const std::string& dir) {
  for (const std::string& child : CgroupsBelow(dir)) {
    if (::rmdir(child.c_str()) != 0 && errno != ENOENT) return errno;
  }
  if (::rmdir(dir.c_str()) != 0 && errno != ENOENT) return errno;
  return 0;
}

std::string DescribeProcess(pid_t pid) {
  std::string comm = platforms::ReadFileText("/proc/" + std::to_string(pid) + "/comm").value_or("");
  while (!comm.empty() && comm.back() == '\n') comm.pop_back();
  return std::to_string(pid) + " (" + (comm.empty() ? "?" : comm) + ")";
}

}  // namespace timeit
