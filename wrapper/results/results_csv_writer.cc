#include "wrapper/results/results_csv_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "wrapper/base/csv_text.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/text.h"
#include "wrapper/results/results_columns.h"
#include "wrapper/results/results_csv_reader.h"

namespace timeit {
namespace {

std::string HeaderLine(const std::vector<std::string>& columns) {
  std::string line;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i > 0) line.push_back(',');
    AppendCsvField(line, columns[i]);
  }
  line.push_back('\n');
  return line;
}

/// Where two headers part, in a few words (headers can be 40 columns long).
std::string FirstDifference(const std::vector<std::string>& file,
                            const std::vector<std::string>& ours) {
  std::size_t i = 0;
  while (i < file.size() && i < ours.size() && file[i] == ours[i]) ++i;
  const auto name = [](const std::vector<std::string>& v, std::size_t k) {
    return k < v.size() ? QuoteForMessage(v[k]) : std::string("nothing");
  };
  return "column " + std::to_string(i + 1) + " is " + name(file, i) + " in the file and " +
         name(ours, i) + " in this series";
}

/// The columns of `ours` that `file` lacks, named (at most three).
std::string MissingColumns(const std::vector<std::string>& file,
                           const std::vector<std::string>& ours) {
  std::vector<std::string> missing;
  for (const std::string& c : ours)
    if (std::find(file.begin(), file.end(), c) == file.end()) missing.push_back(c);
  std::string list;
  for (std::size_t i = 0; i < missing.size() && i < 3; ++i) list += (i ? ", " : "") + missing[i];
  if (missing.size() > 3) list += " and " + std::to_string(missing.size() - 3) + " more";
  return (missing.size() == 1 ? "column " : "columns ") + list;
}

}  // namespace

ResultsCsvWriter::ResultsCsvWriter(const std::string& path, const std::vector<std::string>& columns,
                                   std::vector<std::string>& warnings)
    : path_(path == "-" ? "stdout" : path), columns_(columns) {
  if (path == "-") {
    fd_.Reset(::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3));
  } else {
    fd_.Reset(::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644));
    created_ = static_cast<bool>(fd_);
    if (!fd_ && errno == EEXIST)
      fd_.Reset(::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  }
  if (!fd_)
    throw SystemError(path_ + ": cannot open: " + std::strerror(errno), OpenFailureStatus(errno));
  struct stat st {};
  is_regular_file_ = ::fstat(fd_.get(), &st) == 0 && S_ISREG(st.st_mode);
  const std::string header = HeaderLine(columns);
  if (!is_regular_file_ || st.st_size == 0) {
    WriteAll(header);
    return;
  }
  const std::string text = ReadIntactText(warnings);
  if (text.empty()) {  // only a cut-off header was there
    WriteAll(header);
    return;
  }
  std::vector<std::string> read_warnings;
  const ResultsTable existing = ParseResultsCsv(text, path, &read_warnings);
  // As ours; or as an earlier timeit's user-mode series was ("task-clock:u").
  std::vector<std::string> file =
      existing.columns == columns ? existing.columns : ColumnsAsNamedNow(existing.columns);
  const bool file_roles = !file.empty() && file.back() == kRoleColumn;
  const bool our_roles = !columns.empty() && columns.back() == kRoleColumn;
  // `role` aside, the columns decide: a file of other columns is refused as
  // such, whatever its runs were. A series without counting runs appends to
  // a file with them (its rows' `role` empty, every metric theirs); one
  // with them not to a file whose every row gives every metric.
  if (file_roles) file.pop_back();
  std::vector<std::string> ours = columns;
  if (our_roles) ours.pop_back();
  if (our_roles && !file_roles && (file == ours || IsEarlierLayout(file, ours)))
    throw InputError(path, 1,
                     "cannot append: its runs counted every counter in every run (no `role` "
                     "column: an earlier timeit's, or --count-in-every-run), this series "
                     "counts some in counting runs of their own; append with "
                     "--count-in-every-run, or write to another file with -o");
  if (file != ours && IsEarlierLayout(file, ours)) {
    warnings.push_back(path_ + ": its header has no " + MissingColumns(file, ours) +
                       " (written by an earlier timeit): appended rows follow its header");
  } else if (file != ours) {
    throw InputError(path, 1,
                     "cannot append: its columns differ from this series' (" +
                         FirstDifference(file, ours) +
                         "; -e and --no-counters change the columns); write to another file "
                         "with -o");
  }
  columns_ = existing.columns;  // the rows follow the file's header, as it names them
  appending_ = !existing.rows.empty();
  const std::size_t run_col = *existing.Column("run");
  const std::size_t label_col = *existing.Column("label");
  const std::optional<std::size_t> command_col = existing.Column("command");
  for (const std::vector<std::string>& row : existing.rows) {
    if (command_col && !row[*command_col].empty()) {
      std::vector<std::string>& commands = commands_[row[label_col]];
      if (std::find(commands.begin(), commands.end(), row[*command_col]) == commands.end())
        commands.push_back(row[*command_col]);
    }
    int run = 0;
    if (!ParseWhole(row[run_col], run)) continue;  // a hand-edited cell numbers nothing
    int& last = last_runs_[row[label_col]];
    last = std::max(last, run);
  }
}

int ResultsCsvWriter::LastRun(const std::string& label) const {
  const auto it = last_runs_.find(label);
  return it == last_runs_.end() ? 0 : it->second;
}

std::vector<std::string> ResultsCsvWriter::CommandsOf(const std::string& label) const {
  const auto it = commands_.find(label);
  return it == commands_.end() ? std::vector<std::string>() : it->second;
}

std::string ResultsCsvWriter::ReadIntactText(std::vector<std::string>& warnings) {
  std::string text;
  char buf[65536];
  off_t offset = 0;
  for (;;) {
    const ssize_t n = ::pread(fd_.get(), buf, sizeof buf, offset);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw SystemError(path_ + ": cannot read: " + std::strerror(errno));
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    offset += n;
  }
  // Rows are written whole, one line each: anything after the last line end
  // (including the NUL bytes some file systems leave after a power loss) is
  // what a crash cut short. Remove it so appended rows start on a fresh line.
  const std::size_t keep =
      text.find_last_of('\n') == std::string::npos ? 0 : text.find_last_of('\n') + 1;
  if (keep < text.size()) {
    const long line = 1 + static_cast<long>(std::count(
                              text.begin(), text.begin() + static_cast<long>(keep), '\n'));
    if (::ftruncate(fd_.get(), static_cast<off_t>(keep)) != 0)
      throw SystemError(path_ +
                        ": cannot remove the incomplete last line: " + std::strerror(errno));
    warnings.push_back(path_ + ":" + std::to_string(line) +
                       ": removed an incomplete last row (left by an interrupted run)");
    text.resize(keep);
  }
  return text;
}

bool ResultsCsvWriter::RemoveIfNoRows() {
  if (!created_ || rows_written_ > 0 || !is_regular_file_) return false;
  fd_.Reset(-1);
  created_ = false;  // once: the name may be another file's by now
  return ::unlink(path_.c_str()) == 0;
}

void ResultsCsvWriter::Append(std::string_view row, bool durable) {
  WriteAll(row);
  ++rows_written_;
  if (!durable || !is_regular_file_) return;
  if (::fsync(fd_.get()) != 0) throw SystemError(path_ + ": fsync failed: " + std::strerror(errno));
  if (!created_ || entry_synced_) return;
  const std::size_t slash = path_.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "." : path_.substr(0, slash + 1);
  const platforms::UniqueFd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!dir || ::fsync(dir.get()) != 0)
    throw SystemError(folder + ": fsync failed: " + std::strerror(errno));
  entry_synced_ = true;
}

void ResultsCsvWriter::WriteAll(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_.get(), bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw SystemError(path_ + ": write failed: " + std::strerror(errno));
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace timeit
