#include "platforms/file_text.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "platforms/unique_fd.h"

namespace timeit::platforms {

std::optional<std::string> ReadFileText(const std::string& path, int* error) {
  const auto fail = [error](int e) -> std::optional<std::string> {
    if (error != nullptr) *error = e;
    return std::nullopt;
  };
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) return fail(errno);
  std::string text;
  char block[65536];
  for (;;) {
    const ssize_t n = ::read(fd.get(), block, sizeof block);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(errno);
    if (n == 0) break;
    text.append(block, static_cast<std::size_t>(n));
  }
  if (error != nullptr) *error = 0;
  return text;
}

}  // namespace timeit::platforms
