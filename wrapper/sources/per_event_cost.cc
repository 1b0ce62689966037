#include "wrapper/sources/per_event_cost.h"

#include <linux/perf_event.h>

namespace timeit {

bool CostsPerEvent(const counters::EventEncoding& event) {
  switch (event.type) {
    case PERF_TYPE_TRACEPOINT:
    case PERF_TYPE_BREAKPOINT:
      return true;
    case PERF_TYPE_SOFTWARE:
      return event.config != PERF_COUNT_SW_CPU_CLOCK && event.config != PERF_COUNT_SW_TASK_CLOCK &&
             event.config != PERF_COUNT_SW_DUMMY;
    default:
      return false;
  }
}

}  // namespace timeit
