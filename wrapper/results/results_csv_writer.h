#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "platforms/unique_fd.h"

namespace timeit {

/// The results CSV of a series: a header row, then one row per run, each
/// written with a single write(2) straight to the file so that kill -9 of
/// timeit loses no finished run.
class ResultsCsvWriter {
 public:
  /// Opens `path` ("-" is stdout). A new or empty file gets the header row.
  /// An existing file is appended to when its header equals `columns`, or
  /// is `columns` without some condition columns (IsEarlierLayout: a file
  /// of an earlier timeit; said in `warnings`, and columns() is then the
  /// file's); another set of columns is an InputError. A last line cut
  /// short by a crash is removed first, with a warning added to `warnings`.
  ResultsCsvWriter(const std::string& path, const std::vector<std::string>& columns,
                   std::vector<std::string>& warnings);

  /// The highest run number the existing file holds for `label` (0: none),
  /// so that an appended series, or each configuration, continues its own
  /// numbering. Read once, when the file is opened.
  int LastRun(const std::string& label) const;

  /// The distinct `command` cells of the existing file's rows of `label`, in
  /// file order; none without rows or a `command` column (an earlier timeit's).
  std::vector<std::string> CommandsOf(const std::string& label) const;
  /// The header of the file: the series' columns, or an earlier layout's.
  const std::vector<std::string>& columns() const { return columns_; }
  /// True when rows were already there.
  bool appending() const { return appending_; }
  /// Rows Append wrote.
  int rows_written() const { return rows_written_; }

  /// Removes the file when this writer created it and wrote no row to it: a
  /// series that finished no run leaves no header-only CSV behind. True when
  /// it did.
  bool RemoveIfNoRows();

  /// Writes one complete row (ending in '\n'); `durable` also fsyncs it so
  /// that a crash of the machine keeps it, and, the first time, the folder
  /// of a file this writer created (its name is there: minix and ext2 keep
  /// a new file's entry in the folder's own dirty pages). Throws SystemError.
  void Append(std::string_view row, bool durable);

 private:
  void WriteAll(std::string_view bytes);
  /// Removes a partial last line; returns the intact text.
  std::string ReadIntactText(std::vector<std::string>& warnings);

  std::string path_;
  std::vector<std::string> columns_;
  platforms::UniqueFd fd_;
  std::map<std::string, int> last_runs_;                      ///< label -> highest run number
  std::map<std::string, std::vector<std::string>> commands_;  ///< label -> its rows' commands
  bool appending_ = false;
  bool created_ = false;       ///< the file did not exist before
  bool entry_synced_ = false;  ///< a durable row fsynced the created file's folder
  int rows_written_ = 0;
  bool is_regular_file_ = false;
};

}  // namespace timeit
