#pragma once

#include <cstdint>
#include <optional>

namespace timeit {

/// Where a series is, for the progress line: which run is about to start.
struct ProgressPoint {
  bool warmup = false;  ///< a warm-up run: "warm-up 1/1", else "run 3/20"
  int nth = 1;          ///< 1-based among the warm-up runs, or among the measured runs
  int of = 1;           ///< how many warm-up runs, or measured runs, there are
  int done = 0;         ///< runs finished so far, both kinds, for the ETA
  int total = 1;        ///< runs in the series, both kinds
};

/// "timeit: run 3/20  elapsed 0:12  ETA 0:40  last 4.01 s" on stderr, one
/// line rewritten in place. Shown only when asked (bar) or when stderr is a
/// terminal (auto).
///
/// When the command writes to the same terminal (its output is inherited),
/// the line ends in a line break, so that the command's output starts on a
/// line of its own, and it is rewritten in place (cursor up, erase) only
/// while the commands timeit ran have written nothing since it was drawn:
/// the kernel counts the bytes a process's reaped children wrote, anywhere
/// (wchar of /proc/self/io less that of timeit's own threads). A silent
/// command such as `sleep` keeps one line; one that prints (or whose
/// --prepare prints) leaves each line above its output. Where the kernel
/// does not count written bytes, every line stays, as if it had printed.
class ProgressLine {
 public:
  ProgressLine(bool enabled, bool command_shares_terminal);
  ~ProgressLine();

  /// Before the run `at` describes; `elapsed` seconds since the series began.
  void BeforeRun(const ProgressPoint& at, double elapsed);
  /// After a run that took `seconds`.
  void AfterRun(double seconds) { last_ = seconds; }
  /// Erases the line (before messages and the summary).
  void Clear();

 private:
  /// Whether the drawn line is still the last thing on the terminal.
  bool StillLast() const;

  bool enabled_;
  bool shares_terminal_;
  bool shown_ = false;
  double last_ = -1;
  std::optional<std::uint64_t> written_at_draw_;  ///< ChildrenWrote() after drawing
};

/// Bytes written by this process's reaped children and their descendants:
/// wchar of /proc/self/io (the process and what it reaped) less the wchar of
/// each of its threads. nullopt where the kernel does not account them.
std::optional<std::uint64_t> ChildrenWrote();

}  // namespace timeit
