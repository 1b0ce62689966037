#pragma once

#include <cstdio>

namespace timeit {

/// "run 3/11  elapsed 0:12  ETA 0:40  last 4.01 s" on stderr, rewritten in
/// place. Shown only when asked (bar) or when stderr is a terminal (auto).
/// When the command writes to the same terminal the line is ended before
/// each run instead, so the command's output never overwrites it.
class ProgressLine {
 public:
  ProgressLine(bool enabled, bool command_shares_terminal);
  ~ProgressLine();

  /// Before run `index` (0-based) of `total`.
  void BeforeRun(int index, int total);
  /// After a run that took `seconds`; `elapsed` since the series began.
  void AfterRun(int done, int total, double seconds, double elapsed);
  /// Erases the line (before messages and the summary).
  void Clear();

 private:
  void Show(int done, int total, double elapsed);

  bool enabled_;
  bool shares_terminal_;
  bool shown_ = false;
  double last_ = -1;
};

}  // namespace timeit
