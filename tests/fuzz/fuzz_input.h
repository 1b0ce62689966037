#pragma once
// Helpers shared by the libFuzzer targets: turning fuzz bytes into the
// inputs timeit reads (an fd, a path, argv words).

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace timeit::fuzz {

/// An anonymous in-memory file holding `bytes`, read from its start; its
/// path /proc/self/fd/N opens it again like a file on disk.
class MemFile {
 public:
  explicit MemFile(std::string_view bytes) : fd_(::memfd_create("fuzz", MFD_CLOEXEC)) {
    for (std::size_t done = 0; fd_ >= 0 && done < bytes.size();) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    if (fd_ >= 0) ::lseek(fd_, 0, SEEK_SET);
  }
  ~MemFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  MemFile(const MemFile&) = delete;
  MemFile& operator=(const MemFile&) = delete;
  int fd() const { return fd_; }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
};

/// Splits `bytes` at every `separator` (empty pieces kept).
inline std::vector<std::string> Split(std::string_view bytes, char separator) {
  std::vector<std::string> pieces;
  for (;;) {
    const std::size_t at = bytes.find(separator);
    pieces.emplace_back(bytes.substr(0, at));
    if (at == std::string_view::npos) return pieces;
    bytes.remove_prefix(at + 1);
  }
}

/// argv made of `words`, with `program` as argv[0]; pointers into `words`.
inline std::vector<char*> Argv(const std::string& program, std::vector<std::string>& words) {
  std::vector<char*> argv{const_cast<char*>(program.c_str())};
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  return argv;
}

}  // namespace timeit::fuzz
