#include "counters/event_parser.h"

#include <linux/perf_event.h>

#include <cerrno>
#include <cstring>

#include "counters/event_modifiers.h"
#include "counters/generic_events.h"
#include "counters/pfm_library.h"
#include "counters/tracefs.h"
#include "platforms/perf_event_paranoid_fix.h"
#include "platforms/whole_number.h"

namespace timeit::counters {
namespace {

std::optional<EventEncoding> ParseRaw(const std::string& text) {
  if (text.size() < 2 || text.size() > 17 || text[0] != 'r') return std::nullopt;
  if (text.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos) {
    return std::nullopt;
  }
  EventEncoding e;
  e.type = PERF_TYPE_RAW;
  if (!platforms::ParseWhole(std::string_view(text).substr(1), e.config, 16)) return std::nullopt;
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

/// rNNNN or a generic name with perf's modifiers: "instructions:u", "r08:k".
std::optional<ParsedEvent> ParseWithModifiers(const std::string& text, bool user_only) {
  const std::optional<SplitEvent> split = SplitPerfModifiers(text);
  if (!split) return std::nullopt;
  std::optional<EventEncoding> e = ParseRaw(split->base);
  if (!e) e = FindGenericEvent(split->base);
  if (!e) return std::nullopt;
  if (CountsNothing(split->modifiers, user_only)) {
    return Failed(EventStatus::kNotPermitted,
                  "it counts only the kernel, and kernel counting is forbidden here; " +
                      platforms::AllowKernelCounting());
  }
  e->modifiers = split->modifiers;
  e->name = text;
  return Encoded(std::move(*e));
}

/// ParseEventString before the check of what user mode can count.
ParsedEvent Encode(const std::string& text, bool user_only) {
  if (auto raw = ParseRaw(text)) return Encoded(std::move(*raw));
  if (auto generic = FindGenericEvent(text)) return Encoded(std::move(*generic));
  if (auto modified = ParseWithModifiers(text, user_only)) return std::move(*modified);
  // Without tracefs no tracepoint name can be checked (libpfm4 may still
  // know the name: "ICACHE:MISSES" has the same shape).
  const bool no_tracefs = LooksLikeTracepoint(text) && Tracefs().root.empty();
  if (LooksLikeTracepoint(text) && !no_tracefs) {
    const TracepointId tp = ReadTracepointId(text);
    if (tp.found) {
      if (user_only) {
        return Failed(EventStatus::kNotPermitted,
                      "a tracepoint counts in the kernel, and kernel counting is forbidden here; " +
                          platforms::AllowKernelCounting());
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
                        (user_only ? " and `" + platforms::ParanoidSysctl(1) + "`" : ""));
    }
    // Not in tracefs: "ICACHE:MISSES" has the same shape; try libpfm4.
  }
  PfmEncoding pfm = EncodeWithPfm(text, user_only);
  if (pfm.encoding) {
    if (CountsNothing(pfm.encoding->modifiers, user_only)) {
      return Failed(EventStatus::kNotPermitted,
                    "it counts only the kernel, and kernel counting is forbidden here; " +
                        platforms::AllowKernelCounting());
    }
    return Encoded(std::move(*pfm.encoding));
  }
  if (no_tracefs) {
    // Not a typo we can prove, so not a usage error; the reason names the fix.
    const TracefsState& tracefs = Tracefs();
    return Failed(tracefs.error == EPERM || tracefs.error == EACCES ? EventStatus::kNotPermitted
                                                                    : EventStatus::kNotSupported,
                  tracefs.reason);
  }
  if (const auto colons = text.find("::"); colons != std::string::npos) {
    const std::string pmu = text.substr(0, colons);
    if (!PfmHasPmu(pmu)) {
      // Another architecture's PMU (arm_n1:: on x86): a deliberate choice
      // for some other machine, so not countable here rather than a typo.
      return Failed(EventStatus::kNotSupported,
                    "this libpfm4 has no PMU '" + pmu +
                        "' (a build has its own architecture's PMUs only: count it on that "
                        "machine)");
    }
    const std::string here = DefaultPfmPmu();
    if (pmu != here) {
      return Failed(EventStatus::kNotSupported,
                    "libpfm4: " + pfm.error + "; PMU '" + pmu + "' is not this CPU's (" +
                        (here.empty() ? std::string("none detected") : here) + ")");
    }
  }
  return Failed(EventStatus::kUnknown,
                "not a metric, generic event, tracepoint or raw rNNNN, and libpfm4 says: " +
                    pfm.error + " (see `timeit events`)");
}

}  // namespace

ParsedEvent ParseEventString(const std::string& text, bool user_only) {
  ParsedEvent parsed = Encode(text, user_only);
  if (user_only && parsed.encoding && ModeEffectOf(*parsed.encoding) == ModeEffect::kKernelOnly) {
    return Failed(EventStatus::kNotPermitted,
                  "it happens only in the kernel, and kernel counting is forbidden here (in user "
                  "mode it would count 0); " +
                      platforms::AllowKernelCounting());
  }
  return parsed;
}

}  // namespace timeit::counters
