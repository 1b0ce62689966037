#include "wrapper/ministat_command.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "counters/unique_fd.h"
#include "stats/data_set.h"
#include "stats/ministat_report.h"
#include "wrapper/errors.h"
#include "wrapper/ministat_options.h"
#include "wrapper/ministat_reader.h"

namespace timeit {
namespace {

/// One input: its name as the legend shows it and where to read it.
struct Source {
  std::string name;
  counters::UniqueFd owned;  ///< empty for standard input
  int fd() const { return owned ? owned.get() : STDIN_FILENO; }
};

/// Opens every input before reading any, as ministat does, so a missing
/// second file is reported before a large first one is read.
std::vector<Source> OpenSources(const std::vector<std::string>& files) {
  std::vector<Source> sources;
  if (files.empty()) sources.push_back({"<stdin>", {}});
  for (const std::string& file : files) {
    if (file == "-") {
      sources.push_back({file, {}});
      continue;
    }
    counters::UniqueFd fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) throw InputError(file, 0, std::string("cannot open: ") + std::strerror(errno));
    sources.push_back({file, std::move(fd)});
  }
  return sources;
}

}  // namespace

int MinistatMain(int argc, char** argv) {
  MinistatCommandOptions options = ParseMinistatOptions(argc, argv);
  if (options.help) {
    std::fputs(MinistatUsage(), stdout);
    return kExitOk;
  }
  const bool plots = !options.report.summary_only && !options.report.no_plot;
  if (!options.width_given) {
    const std::optional<int> width = TerminalPlotWidth(STDOUT_FILENO);
    if (!width && plots) {
      throw UsageError(
          "ministat: the terminal ($COLUMNS or its width) leaves under 2 columns "
          "for the plot; pass -w WIDTH");
    }
    options.report.width = width.value_or(2);
  }

  std::vector<Source> sources = OpenSources(options.files);
  // The buffers own the values; the DataSets only look at them.
  std::vector<ValueBuffer> buffers;
  buffers.reserve(sources.size());
  std::vector<stats::DataSet> sets;
  for (Source& source : sources) {
    buffers.push_back(ReadDataSet(source.fd(), source.name, options.format));
    source.owned.Reset();
    sets.push_back(stats::MakeDataSet(source.name, buffers.back().values()));
  }

  stats::WriteMinistat(sets, options.report, [](std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
  });
  if (std::fflush(stdout) != 0) {
    throw SystemError(std::string("ministat: cannot write the report: ") + std::strerror(errno));
  }
  return kExitOk;
}

}  // namespace timeit
