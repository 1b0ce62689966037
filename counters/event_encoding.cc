#include "counters/event_encoding.h"

#include <linux/perf_event.h>

#include <cstdio>

namespace timeit::counters {
namespace {

const char* TypeName(std::uint32_t type) {
  switch (type) {
    case PERF_TYPE_HARDWARE:
      return "hardware";
    case PERF_TYPE_SOFTWARE:
      return "software";
    case PERF_TYPE_TRACEPOINT:
      return "tracepoint";
    case PERF_TYPE_HW_CACHE:
      return "hw-cache";
    case PERF_TYPE_RAW:
      return "raw";
    case PERF_TYPE_BREAKPOINT:
      return "breakpoint";
    default:
      return "dynamic PMU";
  }
}

}  // namespace

bool MayMultiplex(const EventEncoding& e) {
  return e.type != PERF_TYPE_SOFTWARE && e.type != PERF_TYPE_TRACEPOINT;
}

ModeEffect ModeEffectOf(const EventEncoding& e) {
  if (e.type != PERF_TYPE_SOFTWARE) return ModeEffect::kFiltered;
  switch (e.config) {
    case PERF_COUNT_SW_CPU_CLOCK:
    case PERF_COUNT_SW_TASK_CLOCK:
      return ModeEffect::kNone;
    case PERF_COUNT_SW_CONTEXT_SWITCHES:
    case PERF_COUNT_SW_CPU_MIGRATIONS:
    case PERF_COUNT_SW_CGROUP_SWITCHES:
      return ModeEffect::kKernelOnly;
    default:
      return ModeEffect::kFiltered;
  }
}

std::string DescribeEncoding(const EventEncoding& e) {
  char text[160];
  int n = std::snprintf(text, sizeof text, "type %u (%s), config %#llx", e.type, TypeName(e.type),
                        static_cast<unsigned long long>(e.config));
  if (e.config1 != 0 && n > 0 && static_cast<std::size_t>(n) < sizeof text) {
    std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n), ", config1 %#llx",
                  static_cast<unsigned long long>(e.config1));
  }
  std::string described = text;
  const EventModifiers& m = e.modifiers;
  if (m.exclude_kernel && !m.exclude_user) described += ", user only";
  if (m.exclude_user && !m.exclude_kernel) described += ", kernel only";
  if (m.exclude_host && !m.exclude_guest) described += ", guest only";
  // Host only (exclude_guest) is not said: libpfm4 and perf both set it by
  // default, so it would only lengthen every line of `timeit events`.
  if (m.exclude_idle) described += ", not when idle";
  if (m.pinned) described += ", pinned";
  if (m.exclusive) described += ", exclusive";
  return described;
}

}  // namespace timeit::counters
