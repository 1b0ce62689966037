#include "wrapper/run/progress_line.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

#include "wrapper/base/number_text.h"
#include "wrapper/base/text.h"

namespace timeit {
namespace {

void PrintDuration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600)
    std::fprintf(stderr, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::fprintf(stderr, "%ld:%02ld", s / 60, s % 60);
}

constexpr const char* kEraseLine = "\r\033[K";
constexpr const char* kUpAndEraseLine = "\033[A\r\033[K";

}  // namespace

namespace {

std::optional<std::uint64_t> WcharOf(const std::string& io_path) {
  std::FILE* f = std::fopen(io_path.c_str(), "re");
  if (f == nullptr) return std::nullopt;
  std::optional<std::uint64_t> written;
  char line[128];
  constexpr std::string_view kKey = "wchar: ";
  while (std::fgets(line, sizeof line, f) != nullptr) {
    const std::string_view text = Trim(line);
    std::uint64_t v = 0;
    if (text.starts_with(kKey) && ParseWhole(text.substr(kKey.size()), v)) written = v;
  }
  std::fclose(f);
  return written;
}

}  // namespace

std::optional<std::uint64_t> ChildrenWrote() {
  // Threads first: a write between the two readings then only makes the
  // children's count larger, which is the safe side (a new line).
  std::uint64_t threads = 0;
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
    const std::optional<std::uint64_t> w = WcharOf(task.path().string() + "/io");
    if (!w) return std::nullopt;
    threads += *w;
  }
  if (ec) return std::nullopt;
  const std::optional<std::uint64_t> whole = WcharOf("/proc/self/io");
  if (!whole || *whole < threads) return std::nullopt;
  return *whole - threads;
}

ProgressLine::ProgressLine(bool enabled, bool command_shares_terminal)
    : enabled_(enabled), shares_terminal_(command_shares_terminal) {}

ProgressLine::~ProgressLine() { Clear(); }

bool ProgressLine::StillLast() const {
  if (!shares_terminal_) return true;
  const std::optional<std::uint64_t> now = ChildrenWrote();
  return now && written_at_draw_ && *now == *written_at_draw_;
}

void ProgressLine::BeforeRun(const ProgressPoint& at, double elapsed) {
  if (!enabled_) return;
  if (shown_ && StillLast())
    std::fputs(shares_terminal_ ? kUpAndEraseLine : kEraseLine, stderr);
  else if (!shares_terminal_)
    std::fputs(kEraseLine, stderr);
  std::fprintf(stderr, "timeit: %s %d/%d  elapsed ", at.warmup ? "warm-up" : "run", at.nth, at.of);
  PrintDuration(elapsed);
  if (at.done > 0) {
    std::fputs("  ETA ", stderr);
    PrintDuration(elapsed / at.done * (at.total - at.done));
  }
  if (last_ >= 0) std::fprintf(stderr, "  last %.3g s", last_);
  if (shares_terminal_) std::fputc('\n', stderr);
  std::fflush(stderr);
  shown_ = true;
  if (shares_terminal_) written_at_draw_ = ChildrenWrote();
}

void ProgressLine::Clear() {
  if (!shown_) return;
  if (StillLast()) std::fputs(shares_terminal_ ? kUpAndEraseLine : kEraseLine, stderr);
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace timeit
