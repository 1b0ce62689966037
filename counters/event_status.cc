#include "counters/event_status.h"

#include <cerrno>
#include <cstring>

#include "platforms/perf_event_paranoid_fix.h"

namespace timeit::counters {

std::string_view StatusName(EventStatus status) {
  switch (status) {
    case EventStatus::kCounted:
      return "counted";
    case EventStatus::kUnknown:
      return "unknown event";
    case EventStatus::kNotSupported:
      return "not supported";
    case EventStatus::kNotPermitted:
      return "not permitted";
    case EventStatus::kNotImplemented:
      return "not implemented by this CPU's PMU";
    case EventStatus::kNotCounted:
      return "not counted";
    case EventStatus::kMultiplexed:
      return "multiplexed";
    case EventStatus::kOtherRun:
      return "counted in other runs (--rotate)";
  }
  return "?";
}

EventStatus StatusFromOpenErrno(int err) {
  return err == EACCES || err == EPERM ? EventStatus::kNotPermitted : EventStatus::kNotSupported;
}

std::string ExplainOpenErrno(int err) {
  const std::string text = std::strerror(err);
  switch (err) {
    case EACCES:
    case EPERM:
      return text + "; " + platforms::AllowKernelCounting();
    case ENOENT:
    case EOPNOTSUPP:
    case ENODEV:
      return text + "; no PMU in this kernel counts it (a VM?)";
    case EINVAL:
      return text + "; the kernel rejects this encoding on this CPU";
    case EMFILE:
    case ENFILE:
      return text + "; raise the open-files limit (ulimit -n)";
    case EBUSY:
      return text + "; another user holds the PMU exclusively";
    default:
      return text;
  }
}

}  // namespace timeit::counters
