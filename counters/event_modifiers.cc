#include "counters/event_modifiers.h"

namespace timeit::counters {

std::optional<SplitEvent> SplitPerfModifiers(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) return std::nullopt;
  if (text[colon - 1] == ':') return std::nullopt;  // "pmu::EVENT" is libpfm4's
  bool u = false, k = false, h = false, guest = false, host = false;
  SplitEvent split;
  split.base = text.substr(0, colon);
  for (const char c : text.substr(colon + 1)) {
    switch (c) {
      case 'u':
        u = true;
        break;
      case 'k':
        k = true;
        break;
      case 'h':
        h = true;
        break;
      case 'G':
        guest = true;
        break;
      case 'H':
        host = true;
        break;
      case 'I':
        split.modifiers.exclude_idle = true;
        break;
      case 'D':
        split.modifiers.pinned = true;
        break;
      case 'e':
        split.modifiers.exclusive = true;
        break;
      default:
        return std::nullopt;
    }
  }
  // As perf: naming any privilege level counts only the levels named.
  if (u || k || h) {
    split.modifiers.exclude_user = !u;
    split.modifiers.exclude_kernel = !k;
    split.modifiers.exclude_hv = !h;
  }
  if (guest || host) {
    split.modifiers.exclude_guest = !guest;
    split.modifiers.exclude_host = !host;
  }
  return split;
}

bool CountsNothing(const EventModifiers& m, bool user_only) {
  return m.exclude_user && (m.exclude_kernel || user_only);
}

}  // namespace timeit::counters
