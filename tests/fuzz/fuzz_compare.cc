// Fuzzes `timeit compare` end to end on CSV input: the input, split at NUL
// bytes, is up to 4 files; the first byte picks a few options. The report
// goes to /dev/null. timeit::Error (bad input) is an expected outcome;
// anything else -- another exception, a crash, a sanitizer report -- is a
// finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_input.h"
#include "wrapper/base/errors.h"
#include "wrapper/compare/compare_command.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::FILE* const null = std::fopen("/dev/null", "w");
  if (size < 1 || null == nullptr) return 0;
  timeit::CompareOptions options;
  options.width_given = true;
  options.report.width = 2 + (data[0] & 63);
  options.report.separate_bars = (data[0] & 64) != 0;
  if ((data[0] & 128) != 0) options.metrics = {"real"};
  std::vector<std::string> pieces = timeit::fuzz::Split(
      std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1), '\0');
  if (pieces.size() > 4) pieces.resize(4);
  std::vector<std::unique_ptr<timeit::fuzz::MemFile>> files;
  for (const std::string& p : pieces) {
    files.push_back(std::make_unique<timeit::fuzz::MemFile>(p));
    options.files.push_back(files.back()->path());
  }
  try {
    timeit::RunComparison(options, null);
  } catch (const timeit::Error&) {
  }
  return 0;
}
