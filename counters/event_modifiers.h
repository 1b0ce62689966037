#pragma once

#include <optional>
#include <string>

#include "counters/event_encoding.h"

namespace timeit::counters {

/// An event string split at perf's modifier suffix: "instructions:uk" is
/// "instructions" with modifiers "uk".
struct SplitEvent {
  std::string base;
  EventModifiers modifiers;
};

/// perf's modifiers (tools/perf/util/parse-events.c), the ones that change
/// what is counted: u, k, h (count only the levels named), G, H (guest or
/// host only), I (not while idle), D (pinned), e (exclusive). nullopt when
/// `text` has no ":letters" suffix made only of these; p/P (precise) only
/// matter to sampling and are not accepted. libpfm4 strings carry their own
/// modifiers (":u", ":k=1", ":mg") and are encoded by libpfm4.
std::optional<SplitEvent> SplitPerfModifiers(const std::string& text);

/// True when nothing can be counted: user mode excluded by the modifiers
/// while kernel mode is excluded by them or by `user_only`.
bool CountsNothing(const EventModifiers& modifiers, bool user_only);

}  // namespace timeit::counters
