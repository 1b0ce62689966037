#include "wrapper/results/profile_csv.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "platforms/file_text.h"
#include "wrapper/base/csv_text.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/results/results_csv_writer.h"

namespace timeit {
namespace {

class ProfileCsvSink : public ProfileSink {
 public:
  ProfileCsvSink(const std::string& path, std::string boot_id, std::vector<std::string>& warnings)
      : csv_(path, ProfileCsvColumns(), warnings), boot_id_(std::move(boot_id)) {}
  ~ProfileCsvSink() override { csv_.RemoveIfNoRows(); }

  void WriteRun(std::string_view label, int run, const std::vector<ProfileLine>& lines) override {
    block_.clear();
    for (const ProfileLine& l : lines) {
      AppendCsvField(block_, label);
      block_ += fmt::format(",{},", run);
      AppendCsvField(block_, boot_id_);
      block_ += ',';
      AppendCsvField(block_, l.function);
      block_ += ',';
      AppendCsvField(block_, l.object);
      block_ += fmt::format(",{},{},{:.0f},", l.kernel ? "kernel" : "user", l.samples, l.time_ns);
      if (l.total_samples) block_ += fmt::format("{}", *l.total_samples);
      block_ += ',';
      if (l.total_ns) block_ += fmt::format("{:.0f}", *l.total_ns);
      block_ += '\n';
    }
    // As the results CSV: a kill -9 of timeit loses nothing written; the
    // fsync keeps it through a crash of the machine.
    csv_.Append(block_, /*durable=*/true);
  }

 private:
  ResultsCsvWriter csv_;
  std::string boot_id_;
  std::string block_;
};

std::string ReadAll(const std::string& path) {
  int error = 0;
  std::optional<std::string> text = platforms::ReadFileText(path, &error);
  if (!text) throw InputError(path, 0, std::string("cannot read: ") + std::strerror(error));
  return std::move(*text);
}

double Count(const std::string& path, long line, const char* what, const std::string& cell) {
  const double v = CellNumberIn(path, line, what, cell);
  if (v < 0) throw InputError(path, line, fmt::format("{}: '{}' is negative", what, cell));
  return v;
}

ProfileEntry ParseEntry(const std::string& path, const CsvRecord& r) {
  const std::vector<std::string>& f = r.fields;
  ProfileEntry e;
  e.label = f[0];
  e.boot_id = f[2];
  e.function = f[3];
  e.object = f[4];
  e.line = r.line;
  if (!ParseWhole(f[1], e.run) || e.run < 0)
    throw InputError(path, r.line, fmt::format("run: '{}' is not a run number", f[1]));
  if (f[5] != "user" && f[5] != "kernel")
    throw InputError(path, r.line, fmt::format("mode: '{}' is neither user nor kernel", f[5]));
  e.kernel = f[5] == "kernel";
  e.samples = Count(path, r.line, "samples", f[6]);
  e.time_ns = Count(path, r.line, "time_ns", f[7]);
  if (!f[8].empty()) e.total_samples = Count(path, r.line, "total_samples", f[8]);
  if (!f[9].empty()) e.total_ns = Count(path, r.line, "total_ns", f[9]);
  return e;
}

}  // namespace

std::string ProfileCsvPath(const std::string& results_csv) {
  const std::string stem =
      results_csv.ends_with(".csv") ? results_csv.substr(0, results_csv.size() - 4) : results_csv;
  return stem + ".profile.csv";
}

const std::vector<std::string>& ProfileCsvColumns() {
  static const std::vector<std::string> columns = {
      "label", "run",     "boot_id", "function",      "object",
      "mode",  "samples", "time_ns", "total_samples", "total_ns"};
  return columns;
}

std::unique_ptr<ProfileSink> MakeProfileCsvSink(const std::string& path, std::string boot_id,
                                                std::vector<std::string>& warnings) {
  return std::make_unique<ProfileCsvSink>(path, std::move(boot_id), warnings);
}

std::vector<ProfileEntry> ReadProfileCsv(const std::string& path,
                                         std::vector<std::string>& warnings) {
  const std::vector<CsvRecord> records = ParseCsvText(ReadAll(path));
  if (records.empty() || records.front().fields != ProfileCsvColumns())
    throw InputError(path, 1,
                     fmt::format("not a profile sidecar: its header is not {}",
                                 fmt::join(ProfileCsvColumns(), ",")));
  std::vector<ProfileEntry> entries;
  for (std::size_t i = 1; i < records.size(); ++i) {
    const CsvRecord& r = records[i];
    if (!r.terminated && i + 1 == records.size()) {
      warnings.push_back(
          fmt::format("{}:{}: an incomplete last line (left by an interrupted "
                      "run) is left out",
                      path, r.line));
      break;
    }
    if (r.fields.size() != ProfileCsvColumns().size())
      throw InputError(path, r.line,
                       fmt::format("{} fields where the header has {}", r.fields.size(),
                                   ProfileCsvColumns().size()));
    entries.push_back(ParseEntry(path, r));
  }
  return entries;
}

}  // namespace timeit
