#include "counters/tracefs.h"

#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <fstream>

namespace timeit::counters {

std::vector<std::string> DefaultTracefsRoots() {
  return {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};
}

bool LooksLikeTracepoint(const std::string& name) {
  const auto colon = name.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == name.size()) return false;
  if (name.find(':', colon + 1) != std::string::npos) return false;
  for (char c : name) {
    if (c != ':' && c != '_' && !std::isalnum(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

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

}  // namespace timeit::counters
