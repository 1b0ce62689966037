#pragma once

#include "counters/event_encoding.h"

namespace timeit {

/// Whether counting `event` runs kernel code each time the event happens,
/// on the counted command's own path, and so slows it: a tracepoint (its
/// handler in every hit; the syscall tracepoints also send every system
/// call of every task through the kernel's slow entry path while one is
/// open), a breakpoint, and the software events but the clocks (page
/// faults, context switches, CPU migrations: perf_sw_event in the fault
/// handler and the scheduler). The clocks (task-clock, cpu-clock) are read
/// when the task is switched, and a PMU's events are counted by the
/// hardware: they cost per context switch, not per event
/// (bench/counter-cost.sh measures each on this machine).
bool CostsPerEvent(const counters::EventEncoding& event);

}  // namespace timeit
