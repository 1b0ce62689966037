#include "platforms/cgroup2.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "platforms/file_text.h"

namespace timeit::platforms {
namespace {

std::vector<std::string_view> Words(std::string_view line, char separator) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (start <= line.size()) {
    const std::size_t end = std::min(line.find(separator, start), line.size());
    if (end > start) words.push_back(line.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

/// mountinfo writes space, tab, newline and backslash as \ooo.
std::string DecodeOctal(std::string_view field) {
  std::string out;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const auto octal = [&](std::size_t k) { return field[k] >= '0' && field[k] <= '7'; };
    const bool escape =
        field[i] == '\\' && i + 3 < field.size() && octal(i + 1) && octal(i + 2) && octal(i + 3);
    if (!escape) {
      out += field[i];
      continue;
    }
    out += static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 +
                             (field[i + 3] - '0'));
    i += 3;
  }
  return out;
}

/// The controllers a v1 hierarchy can be bound to, as its mount options name them.
constexpr std::array<std::string_view, 14> kV1Controllers = {
    "cpu",      "cpuacct", "cpuset", "memory",     "devices", "freezer", "net_cls",
    "net_prio", "blkio",   "pids",   "perf_event", "hugetlb", "rdma",    "misc"};

/// Whether `path` is `root` or below it.
bool IsUnder(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path == root || (path.starts_with(root) && path[root.size()] == '/');
}

/// 0 for /sys/fs/cgroup, 1 for /sys/fs/cgroup/unified, 2 for any other.
int Preference(const std::string& mount_point) {
  if (mount_point == "/sys/fs/cgroup") return 0;
  if (mount_point == "/sys/fs/cgroup/unified") return 1;
  return 2;
}

}  // namespace

std::vector<MountEntry> ParseMountinfo(std::string_view text) {
  std::vector<MountEntry> mounts;
  for (const std::string_view line : Words(text, '\n')) {
    const std::vector<std::string_view> f = Words(line, ' ');
    // id parent major:minor root mount-point options [optional...] - type source super-options
    const auto dash = std::find(f.begin(), f.end(), "-");
    if (f.size() < 10 || dash - f.begin() < 6 || f.end() - dash < 4) continue;
    mounts.push_back(MountEntry{.root = DecodeOctal(f[3]),
                                .mount_point = DecodeOctal(f[4]),
                                .fs_type = std::string(dash[1]),
                                .super_options = std::string(dash[3])});
  }
  return mounts;
}

std::optional<std::string> UnifiedCgroupPath(std::string_view text) {
  for (const std::string_view line : Words(text, '\n')) {
    if (line.starts_with("0::")) return std::string(line.substr(3));
  }
  return std::nullopt;
}

std::optional<Cgroup2Location> LocateCgroup2(const std::vector<MountEntry>& mounts,
                                             const std::string& own_path, std::string& why) {
  const MountEntry* best = nullptr;
  bool any_cgroup2 = false;
  Cgroup2Location found;
  for (const MountEntry& m : mounts) {
    if (m.fs_type == "cgroup") {
      for (const std::string_view option : Words(m.super_options, ',')) {
        if (std::find(kV1Controllers.begin(), kV1Controllers.end(), option) != kV1Controllers.end())
          found.v1_controllers.emplace_back(option);
      }
    }
    if (m.fs_type != "cgroup2") continue;
    any_cgroup2 = true;
    if (!IsUnder(own_path, m.root)) continue;  // a bind mount of another part of the tree
    if (best == nullptr || Preference(m.mount_point) < Preference(best->mount_point)) best = &m;
  }
  if (best == nullptr) {
    why = any_cgroup2 ? "no cgroup2 mount holds this process's cgroup " + own_path
                      : "cgroup2 is not mounted (only cgroup v1, or no cgroups)";
    return std::nullopt;
  }
  found.mount = best->mount_point;
  found.own_path = own_path;
  const std::string inside = best->root == "/" ? own_path : own_path.substr(best->root.size());
  found.own_dir = found.mount + (inside == "/" ? "" : inside);
  return found;
}

std::optional<Cgroup2Location> FindCgroup2(const SystemRoots& roots, std::string& why) {
  const std::optional<std::string> own =
      UnifiedCgroupPath(ReadFileText(roots.proc + "/self/cgroup").value_or(""));
  if (!own) {
    why = "this process has no cgroup v2 path in " + roots.proc + "/self/cgroup";
    return std::nullopt;
  }
  return LocateCgroup2(ParseMountinfo(ReadFileText(roots.proc + "/self/mountinfo").value_or("")),
                       *own, why);
}

std::vector<std::string> ReadCgroupWords(const std::string& path) {
  std::vector<std::string> words;
  std::istringstream in(ReadFileText(path).value_or(""));
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string_view UnifiedControllerName(std::string_view v1_name) {
  return v1_name == "blkio" ? std::string_view("io") : v1_name;
}

}  // namespace timeit::platforms
