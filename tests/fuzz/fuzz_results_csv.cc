// Fuzzes the results-CSV reader (ParseResultsCsv, ParseMetricCell) and the
// appender that reads an existing file before adding rows to it
// (ResultsCsvWriter). timeit::Error (bad input) is an expected outcome;
// anything else -- another exception, a crash, a sanitizer report -- is a
// finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_input.h"
#include "wrapper/base/errors.h"
#include "wrapper/results/results_csv_reader.h"
#include "wrapper/results/results_csv_writer.h"

namespace {

const std::vector<std::string> kColumns = {"label", "run", "warmup", "start", "status", "real"};

void Read(std::string_view text) {
  std::vector<std::string> warnings;
  const timeit::ResultsTable t = timeit::ParseResultsCsv(text, "fuzz.csv", &warnings);
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    if (t.rows[r].size() != t.columns.size()) __builtin_trap();  // the reader's promise
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
      try {
        (void)timeit::ParseMetricCell(t, r, c);
      } catch (const timeit::Error&) {
      }
    }
  }
}

void Append(std::string_view text) {
  const timeit::fuzz::MemFile file(text);
  std::vector<std::string> warnings;
  timeit::ResultsCsvWriter writer(file.path(), kColumns, warnings);
  writer.Append("a," + std::to_string(writer.LastRun("a") + 1) + ",0,t,0,1\n", false);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    Read(text);
  } catch (const timeit::Error&) {
  }
  try {
    Append(text);
  } catch (const timeit::Error&) {
  }
  return 0;
}
