// Fuzzes option parsing: the input, split at NUL bytes, is argv after the
// program name; the first byte picks the parser (the run mode, `timeit
// ministat`, `timeit compare`). UsageError (any timeit::Error) is an
// expected outcome; anything else -- another exception (such as one of
// Boost's escaping unconverted), a crash, a sanitizer report -- is a
// finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_input.h"
#include "wrapper/base/errors.h"
#include "wrapper/compare/compare_options.h"
#include "wrapper/ministat/ministat_options.h"
#include "wrapper/run/run_options.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 4096) return 0;
  std::vector<std::string> words = timeit::fuzz::Split(
      std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1), '\0');
  if (size == 1) words.clear();
  try {
    switch (data[0] % 3) {
      case 0: {
        std::vector<char*> argv = timeit::fuzz::Argv("timeit", words);
        (void)timeit::ParseRunOptions(static_cast<int>(argv.size() - 1), argv.data());
        break;
      }
      case 1: {
        std::vector<char*> argv = timeit::fuzz::Argv("ministat", words);
        (void)timeit::ParseMinistatOptions(static_cast<int>(argv.size() - 1), argv.data());
        break;
      }
      case 2: {
        std::vector<char*> argv = timeit::fuzz::Argv("compare", words);
        (void)timeit::ParseCompareOptions(static_cast<int>(argv.size() - 1), argv.data());
        break;
      }
    }
  } catch (const timeit::Error&) {
  }
  return 0;
}
