#include "counters/event_parser.h"

#include <linux/perf_event.h>

#include <cerrno>
#include <cstring>

#include "counters/generic_events.h"
#include "counters/pfm_library.h"
#include "counters/tracefs.h"

namespace timeit::counters {
namespace {

std::optional<EventEncoding> ParseRaw(const std::string& text) {
  if (text.size() < 2 || text.size() > 17 || text[0] != 'r') return std::nullopt;
  if (text.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos) {
    return std::nullopt;
  }
  EventEncoding e;
  e.type = PERF_TYPE_RAW;
  e.config = std::stoull(text.substr(1), nullptr, 16);
  e.origin = EventOrigin::kRaw;
  e.name = text;
  return e;
}

ParsedEvent Encoded(EventEncoding encoding) {
  ParsedEvent p;
  p.status = EventStatus::kCounted;
  p.encoding = std::move(encoding);
  return p;
}

ParsedEvent Failed(EventStatus status, std::string reason) {
  ParsedEvent p;
  p.status = status;
  p.reason = std::move(reason);
  return p;
}

}  // namespace

ParsedEvent ParseEventString(const std::string& text, bool user_only) {
  if (auto raw = ParseRaw(text)) return Encoded(std::move(*raw));
  if (auto generic = FindGenericEvent(text)) return Encoded(std::move(*generic));
  if (LooksLikeTracepoint(text)) {
    const TracepointId tp = ReadTracepointId(text);
    if (tp.found) {
      if (user_only) {
        return Failed(EventStatus::kNotPermitted,
                      "a tracepoint counts in the kernel, and kernel counting is forbidden here; "
                      "allow it with `sysctl kernel.perf_event_paranoid=1` or run with "
                      "CAP_PERFMON");
      }
      EventEncoding e;
      e.type = PERF_TYPE_TRACEPOINT;
      e.config = tp.id;
      e.origin = EventOrigin::kTracepoint;
      e.name = text;
      return Encoded(std::move(e));
    }
    if (tp.error == EACCES || tp.error == EPERM) {
      return Failed(EventStatus::kNotPermitted,
                    "cannot read its id from tracefs (" + std::string(std::strerror(tp.error)) +
                        "); run as root or with CAP_PERFMON, or make tracefs readable" +
                        (user_only ? " and `sysctl kernel.perf_event_paranoid=1`" : ""));
    }
    // Not in tracefs: "ICACHE:MISSES" has the same shape; try libpfm4.
  }
  PfmEncoding pfm = EncodeWithPfm(text, user_only);
  if (pfm.encoding) return Encoded(std::move(*pfm.encoding));
  if (const auto colons = text.find("::"); colons != std::string::npos) {
    const std::string pmu = text.substr(0, colons);
    if (!PfmHasPmu(pmu)) {
      // Another architecture's PMU (arm_n1:: on x86): a deliberate choice
      // for some other machine, so not countable here rather than a typo.
      return Failed(EventStatus::kNotSupported,
                    "this libpfm4 has no PMU '" + pmu +
                        "' (it has only its own architecture's PMUs; see `timeit events`)");
    }
    const std::string here = DefaultPfmPmu();
    if (pmu != here) {
      return Failed(EventStatus::kNotSupported,
                    "libpfm4: " + pfm.error + "; PMU '" + pmu + "' is not this CPU's (" +
                        (here.empty() ? std::string("none detected") : here) + ")");
    }
  }
  if (LooksLikeTracepoint(text) && !TracefsMounted()) {
    // Not a typo we can tell: the kernel does not show its tracepoints.
    return Failed(EventStatus::kNotSupported,
                  "tracefs is not mounted, so no tracepoint can be found; as root: mount -t "
                  "tracefs nodev /sys/kernel/tracing (see `timeit check`)");
  }
  return Failed(EventStatus::kUnknown,
                "not a metric, generic event, tracepoint or raw rNNNN, and libpfm4 says: " +
                    pfm.error + " (see `timeit events`)");
}

}  // namespace timeit::counters
