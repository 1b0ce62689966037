#pragma once

#include <array>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "platforms/unique_fd.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// A tee between the measured command and where its output goes, for the
/// sources that read the output (--metric). The command writes into two
/// pipes (stdout, stderr); a thread of ours reads them as they fill, writes
/// every byte on to where it would have gone anyway, and hands each line of
/// a run to the readers. Memory is bounded: one read buffer and, per stream,
/// at most kMaxOutputLine bytes of an unfinished line; a longer line is cut
/// (its start is given, the rest only passed on).
///
/// The pipes live for the whole series and timeit keeps their write ends,
/// so a run's end is not an end of file: after the run's tree is reaped
/// (nothing of it can write any more), EndRun reads exactly what is left in
/// the pipes. Output between runs (a daemon the command left behind) is
/// passed on but given to no reader.
class OutputTap {
 public:
  /// `stdout_to` and `stderr_to`: where the bytes go on (-1: dropped).
  /// `readers` must outlive the tap. Throws SystemError.
  OutputTap(int stdout_to, int stderr_to, std::vector<MeasurementSource*> readers);
  ~OutputTap();
  OutputTap(const OutputTap&) = delete;
  OutputTap& operator=(const OutputTap&) = delete;

  /// The command's stdout and stderr (the pipes' write ends, close-on-exec).
  int stdout_fd() const { return streams_[0].write.get(); }
  int stderr_fd() const { return streams_[1].write.get(); }

  /// Before the command starts: its lines go to the readers from now on.
  void BeginRun();
  /// After the command's tree is reaped: reads what is left in the pipes,
  /// ends an unterminated last line, and returns once every line of the run
  /// has been given to the readers.
  void EndRun();

 private:
  struct Stream {
    platforms::UniqueFd read, write;
    int to = -1;          ///< where the bytes go on; -1 after a failed write
    std::string pending;  ///< the unfinished line, at most kMaxOutputLine bytes
    bool cut = false;     ///< the current line was given cut; skip to its end
  };

  void ThreadMain();
  /// Reads and consumes up to `limit` bytes of `s`; how many (0: none there).
  std::size_t ReadSome(Stream& s, std::size_t limit);
  void Consume(Stream& s, const char* data, std::size_t size);
  void Give(std::string_view line);
  void EndLines(Stream& s);

  std::array<Stream, 2> streams_;
  platforms::UniqueFd wake_;  ///< eventfd: BeginRun/EndRun/destructor have news
  std::vector<MeasurementSource*> readers_;
  std::unique_ptr<char[]> buffer_;

  std::mutex mutex_;
  std::condition_variable drained_cv_;
  bool in_run_ = false;           ///< guarded by mutex_
  bool drain_requested_ = false;  ///< guarded by mutex_
  bool drained_ = false;          ///< guarded by mutex_
  bool stop_ = false;             ///< guarded by mutex_
  std::uint64_t run_ = 0;         ///< guarded by mutex_: BeginRun's count
  std::uint64_t seen_run_ = 0;    ///< the thread's: the run its pending lines belong to
  bool giving_ = false;           ///< the thread's: lines now belong to a run
  std::thread thread_;
};

}  // namespace timeit
