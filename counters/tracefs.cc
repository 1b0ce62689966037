#include "counters/tracefs.h"

#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace timeit::counters {
namespace {

// From <linux/magic.h>; statfs tells a mounted file system from the empty
// directory underneath, as perf's fs__valid_mount does.
constexpr long kTracefsMagic = 0x74726163;
constexpr long kDebugfsMagic = 0x64626720;

constexpr const char* kTracefsDir = "/sys/kernel/tracing";
constexpr const char* kDebugfsDir = "/sys/kernel/debug";
constexpr const char* kDebugfsTracing = "/sys/kernel/debug/tracing";

bool IsMountOf(const char* dir, long magic) {
  struct statfs fs;
  return ::statfs(dir, &fs) == 0 && static_cast<long>(fs.f_type) == magic;
}

/// A tracefs mounted somewhere else (containers, /tracing): /proc/mounts.
std::string TracefsFromProcMounts() {
  std::ifstream in("/proc/mounts");
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string source, dir, type;
    if (fields >> source >> dir >> type && type == "tracefs") return dir;
  }
  return {};
}

std::string MountedTracefs() {
  if (IsMountOf(kTracefsDir, kTracefsMagic)) return kTracefsDir;
  if (IsMountOf(kDebugfsTracing, kTracefsMagic)) return kDebugfsTracing;
  return TracefsFromProcMounts();
}

std::string WhyNotMounted(int error) {
  const std::string fix = "mount it as root with `mount -t tracefs tracefs /sys/kernel/tracing`";
  if (error == EPERM || error == EACCES) {
    return "tracefs is not mounted, and mounting it needs root or CAP_SYS_ADMIN; " + fix;
  }
  if (error == ENODEV) {
    return "this kernel has no tracefs (CONFIG_TRACING is off): no tracepoints to count";
  }
  return "tracefs is not mounted and mounting it failed (" + std::string(std::strerror(error)) +
         "); " + fix;
}

}  // namespace

TracefsState FindOrMountTracefs(bool may_mount, const platforms::SystemRoots& roots) {
  TracefsState state;
  if (!roots.tracefs.empty()) {
    struct statfs fs;
    if (::statfs((roots.tracefs + "/events").c_str(), &fs) == 0) {
      state.root = roots.tracefs;
    } else {
      state.error = ENOENT;
      state.reason = "tracefs is not mounted at $TIMEIT_TRACEFS (" + roots.tracefs + ")";
    }
    return state;
  }
  state.root = MountedTracefs();
  if (!state.root.empty()) return state;
  if (!may_mount) {
    state.error = ENOENT;
    state.reason = WhyNotMounted(ENOENT);
    return state;
  }
  const unsigned long flags = MS_NOSUID | MS_NODEV | MS_NOEXEC;
  if (::mount("tracefs", kTracefsDir, "tracefs", flags, nullptr) == 0 &&
      IsMountOf(kTracefsDir, kTracefsMagic)) {
    state.root = kTracefsDir;
    state.mounted = std::string("tracefs on ") + kTracefsDir;
    return state;
  }
  state.error = errno;
  // Kernels before 4.1 have no tracefs: debugfs, whose tracing/ is it.
  const bool debugfs_there = IsMountOf(kDebugfsDir, kDebugfsMagic);
  if (!debugfs_there && ::mount("debugfs", kDebugfsDir, "debugfs", flags, nullptr) != 0) {
    state.reason = WhyNotMounted(state.error);
    return state;
  }
  // Looking into tracing/ makes the kernel mount tracefs there.
  struct statfs fs;
  if (::statfs(kDebugfsTracing, &fs) == 0 && IsMountOf(kDebugfsTracing, kTracefsMagic)) {
    state.root = kDebugfsTracing;
    state.error = 0;
    if (!debugfs_there) state.mounted = std::string("debugfs on ") + kDebugfsDir;
    return state;
  }
  state.reason = WhyNotMounted(state.error);
  return state;
}

namespace {
bool& LookedUp() {
  static bool looked_up = false;
  return looked_up;
}
}  // namespace

const TracefsState& Tracefs() {
  LookedUp() = true;
  static const TracefsState state =
      FindOrMountTracefs(true, platforms::SystemRootsFromEnvironment());
  return state;
}

bool TracefsLookedUp() { return LookedUp(); }

bool LooksLikeTracepoint(const std::string& name) {
  const auto colon = name.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == name.size()) return false;
  if (name.find(':', colon + 1) != std::string::npos) return false;
  for (char c : name) {
    if (c != ':' && c != '_' && !std::isalnum(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

std::vector<std::string> DefaultTracefsRoots() { return {kTracefsDir, kDebugfsTracing}; }

bool TracefsMounted(const std::vector<std::string>& roots) {
  for (const std::string& root : roots) {
    struct stat st {};
    // EACCES on the stat still says the directory is there (mode 0700).
    if (::stat((root + "/events").c_str(), &st) == 0 || errno == EACCES) return true;
  }
  return false;
}

TracepointId ReadTracepointId(const std::string& name, const std::vector<std::string>& roots) {
  TracepointId result;
  result.error = ENOENT;
  if (!LooksLikeTracepoint(name)) return result;
  const auto colon = name.find(':');
  const std::string relative =
      "/events/" + name.substr(0, colon) + "/" + name.substr(colon + 1) + "/id";
  for (const std::string& root : roots) {
    errno = 0;
    std::ifstream in(root + relative);
    if (!in) {
      // Prefer reporting EACCES (tracefs is mode 0700) over ENOENT.
      if (errno == EACCES || errno == EPERM) result.error = errno;
      continue;
    }
    if (in >> result.id) {
      result.found = true;
      result.error = 0;
      return result;
    }
  }
  return result;
}

TracepointId ReadTracepointId(const std::string& name) {
  const TracefsState& tracefs = Tracefs();
  if (tracefs.root.empty()) {
    TracepointId none;
    none.error = tracefs.error;
    return none;
  }
  return ReadTracepointId(name, {tracefs.root});
}

}  // namespace timeit::counters
