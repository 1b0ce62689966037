#include "wrapper/run/counting_schedule.h"

#include <algorithm>

namespace timeit {

int CountingRunsOf(int runs, int wanted) { return std::clamp(wanted, 0, std::max(runs, 0)); }

RunRole RoleAt(int position, int counting) {
  return position < 2 * counting && position % 2 == 1 ? RunRole::kCount : RunRole::kTime;
}

int CompleteTimingRuns(int timing, int counting, int runs, int expected_counting) {
  return counting >= expected_counting ? timing : std::min(timing, runs - 1);
}

}  // namespace timeit
