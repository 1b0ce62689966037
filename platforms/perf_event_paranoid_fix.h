#pragma once

#include <string>

namespace timeit::platforms {

/// The command that sets kernel.perf_event_paranoid to `level`: "sysctl
/// kernel.perf_event_paranoid=1" (1 lets a user count the kernel; 0 lets
/// a user open per-CPU events, as counting by cgroup does; 2 is Debian's
/// default, user mode only). The one spelling of the fix every message
/// names, so that a user can paste it from any of them.
std::string ParanoidSysctl(int level);

/// What an event's reason says when kernel counting is forbidden: "allow it
/// with `sysctl kernel.perf_event_paranoid=1` or run with CAP_PERFMON".
std::string AllowKernelCounting();

}  // namespace timeit::platforms
