#include "wrapper/ministat/ministat_command.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "platforms/unique_fd.h"
#include "stats/data_set.h"
#include "stats/ministat_report.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/plot_width.h"
#include "wrapper/ministat/ministat_options.h"
#include "wrapper/ministat/ministat_reader.h"

namespace timeit {
namespace {

/// One input: its name as the legend shows it and where to read it.
struct Source {
  std::string name;
  platforms::UniqueFd owned;  ///< empty for standard input
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
    platforms::UniqueFd fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) throw InputError(file, 0, std::string("cannot open: ") + std::strerror(errno));
    sources.push_back({file, std::move(fd)});
  }
  return sources;
}

/// Reads every source: files on threads of their own (parsing is CPU-bound
/// and the files are independent), standard input on this thread in
/// argument order. The first failure in argument order is the one thrown,
/// so the error does not depend on which thread finished first.
std::vector<ValueBuffer> ReadAll(std::vector<Source>& sources, const ColumnFormat& format) {
  std::vector<ValueBuffer> buffers(sources.size());
  std::vector<std::exception_ptr> failures(sources.size());
  const auto read = [&](std::size_t i) {
    try {
      buffers[i] = ReadDataSet(sources[i].fd(), sources[i].name, format);
    } catch (...) {
      failures[i] = std::current_exception();
    }
    sources[i].owned.Reset();
  };
  std::vector<bool> is_file(sources.size());  // decided before any thread runs
  for (std::size_t i = 0; i < sources.size(); ++i) is_file[i] = sources[i].owned.valid();
  std::vector<std::thread> threads;
  try {
    for (std::size_t i = 0; i < sources.size(); ++i) {
      if (is_file[i]) threads.emplace_back(read, i);
    }
  } catch (...) {  // no thread to be had: join the ones running, then give up
    for (std::thread& t : threads) t.join();
    throw;
  }
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (!is_file[i]) read(i);
  }
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
  return buffers;
}

}  // namespace

int MinistatMain(int argc, char** argv) {
  MinistatCommandOptions options = ParseMinistatOptions(argc, argv);
  if (options.help) {
    std::fputs(MinistatUsage(), stdout);
    return kExitOk;
  }
  if (options.usage_error) {
    std::fputs(MinistatUsage(), stderr);
    return kExitBadInput;
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
  std::vector<ValueBuffer> buffers = ReadAll(sources, options.format);
  std::vector<stats::DataSet> sets;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    sets.push_back(stats::MakeDataSet(sources[i].name, buffers[i].values()));
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
