#include "wrapper/base/plot_width.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace timeit {

std::optional<int> TerminalPlotWidth(int stdout_fd) {
  long width = 74;
  if (::isatty(stdout_fd)) {
    winsize size{};
    if (const char* columns = std::getenv("COLUMNS"); columns != nullptr && *columns != '\0') {
      width = std::strtol(columns, nullptr, 10);  // atoi() in ministat, "80x" is 80 there too
    } else if (::ioctl(stdout_fd, TIOCGWINSZ, &size) != -1 && size.ws_col > 0) {
      width = size.ws_col - 2;
    }
  }
  if (width < 2) return std::nullopt;
  return static_cast<int>(std::min<long>(width, kMaxPlotWidth));
}

}  // namespace timeit
