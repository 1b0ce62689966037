#pragma once

#include <optional>
#include <string>

#include "counters/event_encoding.h"
#include "counters/event_status.h"

namespace timeit::counters {

/// An event string turned into an encoding, or the reason it cannot be.
struct ParsedEvent {
  EventStatus status = EventStatus::kUnknown;  ///< kCounted means "encoded"
  std::optional<EventEncoding> encoding;
  std::string reason;  ///< why not, and what to do
};

/// The `-e` front end for one event string that is not one of our metric
/// names, tried in this order:
///   rNNNN                    raw PMU config (hex), PERF_TYPE_RAW
///   cpu-cycles, task-clock   the kernel's generic events, perf's names
///   either with :ukhGHIDe    perf's modifiers (see event_modifiers.h)
///   subsystem:event          a tracepoint, when tracefs has it
///   anything else            a libpfm4 event string
/// With `user_only`, tracepoints are kNotPermitted: they fire in the kernel,
/// so with exclude_kernel set they would count 0; so are context switches
/// and migrations (ModeEffect::kKernelOnly), and an event whose modifiers ask
/// for the kernel alone (":k"). A tracepoint-shaped name where
/// no tracefs can be had is kNotSupported or kNotPermitted (see
/// tracefs.h), never kUnknown: nothing can tell it from a typo there.
ParsedEvent ParseEventString(const std::string& text, bool user_only);

}  // namespace timeit::counters
