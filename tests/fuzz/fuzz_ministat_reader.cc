// Fuzzes `timeit ministat`'s input reader and then the report of what it
// read. The first byte picks the column (-C) and the plot width, the second
// the delimiters (-d); the rest, split at the first NUL, is up to two data
// sets. timeit::Error (bad input) is an expected outcome; anything else
// that escapes -- another exception, a crash, a sanitizer report -- is a
// finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stats/data_set.h"
#include "stats/ministat_report.h"
#include "tests/fuzz/fuzz_input.h"
#include "wrapper/base/errors.h"
#include "wrapper/ministat/ministat_reader.h"

namespace {

constexpr const char* kDelimiters[] = {" \t", ",", " \t,;", ":"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  timeit::ColumnFormat format;
  format.column = 1 + (data[0] & 3);
  format.delimiters = kDelimiters[(data[1] >> 0) & 3];
  timeit::stats::MinistatOptions report;
  report.width = 2 + ((data[0] >> 2) & 63);
  report.separate_bars = (data[1] & 4) != 0;
  report.no_plot = (data[1] & 8) != 0;
  report.population_stddev = (data[1] & 16) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 2, size - 2);
  const std::size_t nul = text.find('\0');
  std::vector<std::string_view> inputs{text.substr(0, nul)};
  if (nul != std::string_view::npos) inputs.push_back(text.substr(nul + 1));
  try {
    std::vector<timeit::ValueBuffer> buffers;
    std::vector<timeit::stats::DataSet> sets;
    buffers.reserve(inputs.size());
    for (std::string_view input : inputs) {
      const timeit::fuzz::MemFile file(input);
      buffers.push_back(timeit::ReadDataSet(file.fd(), "fuzz", format));
      sets.push_back(timeit::stats::MakeDataSet("fuzz", buffers.back().values()));
    }
    timeit::stats::WriteMinistat(sets, report, [](std::string_view) {});
  } catch (const timeit::Error&) {
  }
  return 0;
}
