#include "wrapper/sources/cgroup_source.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <optional>

#include "platforms/cgroup_stats.h"
#include "platforms/unique_fd.h"

namespace timeit {
namespace {

/// What was said, once each.
enum Noted : unsigned {
  kNoCgroupNoted = 1,
  kNoMemoryNoted = 2,
  kNoPeakNoted = 4,
  kNoPressureNoted = 8,
  kNoIoNoted = 16,
  kUnreadableNoted = 32,
};

/// The run cgroup's files, opened once per cgroup and read again with one
/// pread each (a kept cgroup serves many runs).
enum File : std::size_t { kPeak, kCpuPressure, kMemoryPressure, kIoPressure, kIo, kCpu, kFiles };
constexpr const char* kFileNames[kFiles] = {"memory.peak", "cpu.pressure", "memory.pressure",
                                            "io.pressure", "io.stat",      "cpu.stat"};

/// The cumulative counts of a cgroup's files (all but memory.peak), in the
/// order of the columns after mem-peak; nullopt where unreadable.
constexpr std::size_t kCounts = 7;
using Counts = std::array<std::optional<std::uint64_t>, kCounts>;

class CgroupSource : public MeasurementSource {
 public:
  explicit CgroupSource(const CgroupOffer& offer) : offer_(offer) {}

  std::vector<std::string> Columns() const override {
    return {"mem-peak", "psi-cpu",  "psi-memory",  "psi-io",
            "io-read",  "io-write", "cgroup-user", "cgroup-sys"};
  }
  bool AttachesBeforeExec() const override { return false; }
  void BeforeRun(const RunInfo& run) override;
  void Collect(const RunExit& exit, MetricValues& out) override;
  std::vector<std::string> TakeNotes() override {
    std::vector<std::string> notes = std::move(notes_);
    notes_.clear();
    return notes;
  }

 private:
  bool Has(std::string_view controller) const {
    return std::find(offer_.controllers.begin(), offer_.controllers.end(), controller) !=
           offer_.controllers.end();
  }
  std::string WhyNot(std::string_view controller) const {
    for (const auto& [c, why] : offer_.missing)
      if (c == controller) return why;
    return "the " + std::string(controller) + " controller is not enabled for the runs";
  }
  void NoteOnce(Noted kind, const std::string& note) {
    if ((noted_ & kind) != 0) return;
    noted_ |= kind;
    notes_.push_back(note);
  }
  void Open(int run_fd);
  /// File `f` into text_; false (errno set) when absent or unreadable.
  bool Read(File f);
  std::optional<double> MemoryPeak();
  /// What the files count now; the notes of what they cannot give.
  Counts Count();

  CgroupOffer offer_;
  bool in_run_ = false;
  std::array<platforms::UniqueFd, kFiles> fds_;
  std::array<int, kFiles> open_errno_{};
  Counts before_{};   ///< where the run began: 0 in a new cgroup, else the last run's end
  std::string text_;  ///< reused: no allocation per file per run
  std::vector<std::string> notes_;
  unsigned noted_ = 0;
};

void CgroupSource::Open(int run_fd) {
  for (std::size_t f = 0; f < kFiles; ++f) {
    fds_[f].Reset(::openat(run_fd, kFileNames[f], O_RDONLY | O_CLOEXEC));
    open_errno_[f] = fds_[f] ? 0 : errno;
  }
}

void CgroupSource::BeforeRun(const RunInfo& run) {
  in_run_ = run.cgroup_fd >= 0;
  if (!in_run_) return;
  // A kept cgroup goes on from where the last run's Collect left before_.
  if (run.cgroup_fresh) {
    Open(run.cgroup_fd);
    before_.fill(0);
  }
}

bool CgroupSource::Read(File f) {
  text_.clear();
  if (!fds_[f]) {
    errno = open_errno_[f];
    return false;
  }
  // The files are a few hundred bytes: one pread reads them whole.
  char buffer[4096];
  const ssize_t n = ::pread(fds_[f].get(), buffer, sizeof buffer, 0);
  if (n < 0) return false;
  text_.assign(buffer, static_cast<std::size_t>(n));
  return true;
}

std::optional<double> CgroupSource::MemoryPeak() {
  if (!Has("memory")) {
    NoteOnce(kNoMemoryNoted, "mem-peak: " + WhyNot("memory") + "; left empty");
    return std::nullopt;
  }
  if (!Read(kPeak)) {
    NoteOnce(kNoPeakNoted,
             "mem-peak: this kernel has no memory.peak (Linux 5.19 added it); left empty");
    return std::nullopt;
  }
  const std::optional<std::uint64_t> bytes = platforms::SingleValue(text_);
  if (!bytes) return std::nullopt;
  return static_cast<double>(*bytes / 1024);
}

Counts CgroupSource::Count() {
  Counts c;
  std::size_t i = 0;
  for (const File f : {kCpuPressure, kMemoryPressure, kIoPressure}) {
    if (Read(f)) {
      c[i] = platforms::PressureTotal(text_, "some");
    } else {
      NoteOnce(kNoPressureNoted,
               "psi-cpu, psi-memory, psi-io: this kernel keeps no pressure stall information "
               "(CONFIG_PSI, and psi=1 on the command line where it is off by default); "
               "left empty");
    }
    ++i;
  }
  if (!Has("io")) {
    NoteOnce(kNoIoNoted, "io-read, io-write: " + WhyNot("io") + "; left empty");
  } else if (Read(kIo)) {
    if (const std::optional<platforms::IoBytes> io = platforms::SumIoStat(text_)) {
      c[3] = io->read;
      c[4] = io->written;
    }
  }
  if (Read(kCpu)) {
    c[5] = platforms::FlatKeyedValue(text_, "user_usec");
    c[6] = platforms::FlatKeyedValue(text_, "system_usec");
  }
  if (!c[5] || !c[6])
    NoteOnce(kUnreadableNoted, "cgroup-user, cgroup-sys: the run's cpu.stat could not be read (" +
                                   std::string(std::strerror(errno)) + "); left empty");
  return c;
}

void CgroupSource::Collect(const RunExit& /*exit*/, MetricValues& out) {
  if (!in_run_) {
    NoteOnce(kNoCgroupNoted,
             "mem-peak, psi-*, io-*, cgroup-user, cgroup-sys: " + offer_.why_not + "; left empty");
    out.insert(out.end(), Columns().size(), std::nullopt);
    return;
  }
  out.push_back(MemoryPeak());
  const Counts after = Count();
  for (std::size_t i = 0; i < kCounts; ++i) {
    const bool counted = after[i] && before_[i] && *after[i] >= *before_[i];
    out.push_back(counted ? std::optional<double>(static_cast<double>(*after[i] - *before_[i]))
                          : std::nullopt);
  }
  before_ = after;  // where the next run in this cgroup begins, should it be kept
  in_run_ = false;
}

}  // namespace

std::unique_ptr<MeasurementSource> MakeCgroupSource(const CgroupOffer& offer) {
  return std::make_unique<CgroupSource>(offer);
}

}  // namespace timeit
