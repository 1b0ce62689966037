// Fuzzes the -e front end: the words of -e lists (split at commas as the
// run mode does) through ParseEventString, which tries raw rNNNN, the
// generic perf names, tracepoints (tracefs) and libpfm4. It reports
// problems as values; any exception, crash or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "counters/event_parser.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 4096) return 0;
  const bool user_only = (data[0] & 1) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  for (const std::string& word : timeit::fuzz::Split(text, ',')) {
    const timeit::counters::ParsedEvent e = timeit::counters::ParseEventString(word, user_only);
    // An encoded event has an encoding, a failed one a reason.
    if (e.status == timeit::counters::EventStatus::kCounted ? !e.encoding : e.reason.empty())
      __builtin_trap();
  }
  return 0;
}
