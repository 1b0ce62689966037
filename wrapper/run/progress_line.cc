#include "wrapper/run/progress_line.h"

namespace timeit {
namespace {

void PrintDuration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600)
    std::fprintf(stderr, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::fprintf(stderr, "%ld:%02ld", s / 60, s % 60);
}

}  // namespace

ProgressLine::ProgressLine(bool enabled, bool command_shares_terminal)
    : enabled_(enabled), shares_terminal_(command_shares_terminal) {}

ProgressLine::~ProgressLine() { Clear(); }

void ProgressLine::Show(int done, int total, double elapsed) {
  std::fprintf(stderr, "\r\033[Ktimeit: run %d/%d  elapsed ", done + 1, total);
  PrintDuration(elapsed);
  if (done > 0) {
    std::fputs("  ETA ", stderr);
    PrintDuration(elapsed / done * (total - done));
  }
  if (last_ >= 0) std::fprintf(stderr, "  last %.3g s", last_);
  shown_ = true;
  if (shares_terminal_) {
    std::fputc('\n', stderr);
    shown_ = false;
  }
  std::fflush(stderr);
}

void ProgressLine::BeforeRun(int index, int total) {
  if (enabled_ && index == 0) Show(0, total, 0);
}

void ProgressLine::AfterRun(int done, int total, double seconds, double elapsed) {
  if (!enabled_) return;
  last_ = seconds;
  if (done < total) Show(done, total, elapsed);
}

void ProgressLine::Clear() {
  if (!shown_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace timeit
