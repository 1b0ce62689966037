#include "wrapper/run/machine_notes.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "platforms/unique_fd.h"

namespace timeit {
namespace {

/// FNV-1a: the same name for the same words in every build (std::hash
/// promises that only within one program).
std::uint64_t Fnv1a(std::string_view text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

/// The folder, made 0700 when absent; false unless it is a directory of
/// ours that no one else may write (a stamp another user planted must not
/// silence a note).
bool OwnFolder(const std::string& folder) {
  if (::mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST) return false;
  struct stat st {};
  if (::lstat(folder.c_str(), &st) != 0) return false;
  return S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() && (st.st_mode & 022) == 0;
}

std::string ReadSmall(int fd) {
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  return text;
}

}  // namespace

MachineNotes::MachineNotes(std::string boot_id, std::string folder)
    : boot_id_(std::move(boot_id)), folder_(std::move(folder)) {}

std::string MachineNotes::DefaultFolder() {
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  if (runtime != nullptr && runtime[0] == '/') return std::string(runtime) + "/timeit";
  return fmt::format("/run/timeit-{}", ::geteuid());
}

bool MachineNotes::FirstTime(const std::string& note) {
  if (boot_id_.empty() || folder_.empty() || !OwnFolder(folder_)) return true;
  const std::string stamp = fmt::format("{}/note-{:016x}", folder_, Fnv1a(note));
  const std::string content = boot_id_ + "\n" + note + "\n";
  {
    const platforms::UniqueFd in(::open(stamp.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
    if (in && ReadSmall(in.get()) == content) return false;
  }
  // Written whole under a temporary name, then renamed: a series beside this
  // one reads the old stamp or the new, never half of one.
  const std::string temporary = fmt::format("{}.{}", stamp, ::getpid());
  const platforms::UniqueFd out(
      ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600));
  if (!out) return true;
  const bool written =
      ::write(out.get(), content.data(), content.size()) == static_cast<ssize_t>(content.size());
  if (!written || ::rename(temporary.c_str(), stamp.c_str()) != 0) ::unlink(temporary.c_str());
  return true;
}

}  // namespace timeit
