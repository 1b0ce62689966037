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

/// The files read each run: the series' cumulative counts, opened once (the
/// series' cgroup holds the run's alone, and counts its whole subtree), and
/// the run's own memory.peak, opened once per run's cgroup.
enum File : std::size_t { kCpuPressure, kMemoryPressure, kIoPressure, kIo, kCpu, kPeak, kFiles };
constexpr const char* kFileNames[kFiles] = {"cpu.pressure", "memory.pressure", "io.pressure",
                                            "io.stat",      "cpu.stat",        "memory.peak"};

/// The cumulative counts of the series' files, in the order of the columns
/// after mem-peak; nullopt where unreadable.
constexpr std::size_t kCounts = 7;
using Counts = std::array<std::optional<std::uint64_t>, kCounts>;

class CgroupSource : public MeasurementSource {
 public:
  explicit CgroupSource(const CgroupOffer& offer) : offer_(offer) {
    for (std::size_t f = 0; f < kPeak; ++f) Open(f, offer_.series_fd, O_RDONLY);
  }

  std::vector<std::string> Columns() const override {
    return {kCgroupColumns.begin(), kCgroupColumns.end()};
  }
  bool AttachesBeforeExec() const override { return false; }
  void BeforeRun(const RunInfo& run) override;
  void Collect(const RunExit& exit, MetricValues& out) override;
  bool Announce(const std::string& note) const override {
    return std::find(quiet_notes_.begin(), quiet_notes_.end(), note) == quiet_notes_.end();
  }
  bool OfMachine(const std::string& note) const override {
    return std::find(machine_notes_.begin(), machine_notes_.end(), note) != machine_notes_.end();
  }
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
  /// One note for mem-peak and io-*, where both controllers are missing for
  /// one reason (both bound to cgroup v1): the same words twice said
  /// nothing more. Empty otherwise.
  std::string MemoryAndIoNote() const {
    if (Has("memory") || Has("io")) return {};
    std::string memory = WhyNot("memory");
    const std::string io = WhyNot("io");
    const std::string a = "the memory controller is", b = "the io controller is";
    const std::size_t at = memory.find(a);
    if (at == std::string::npos) return {};
    std::string as_io = memory;
    if (as_io.replace(at, a.size(), b) != io) return {};
    return "mem-peak, io-read, io-write: " +
           memory.replace(at, a.size(), "the memory and io controllers are") + "; left empty";
  }
  void NoteOnce(Noted kind, const std::string& note) {
    if ((noted_ & kind) != 0) return;
    noted_ |= kind;
    notes_.push_back(note);
  }
  /// A note whose reason is the machine's (a controller bound to v1, the
  /// kernel's features), not an option of this series.
  void NoteOfMachine(Noted kind, const std::string& note) {
    if ((noted_ & kind) == 0) machine_notes_.push_back(note);
    NoteOnce(kind, note);
  }
  void Open(std::size_t f, int dir_fd, int flags);
  /// File `f` into text_; false (errno set) when absent or unreadable.
  bool Read(File f);
  /// memory.peak in bytes, nullopt (with its note) where it cannot be had.
  std::optional<std::uint64_t> ReadPeak();
  /// A kept cgroup's memory.peak reset to what it holds now: the run's
  /// peak is then counted from there (peak_base_).
  void ResetPeak();
  /// What the files count now; the notes of what they cannot give.
  Counts Count();

  CgroupOffer offer_;
  bool in_run_ = false;
  std::array<platforms::UniqueFd, kFiles> fds_;
  std::array<int, kFiles> open_errno_{};
  /// What the series' files counted when the last run ended -- where this
  /// one begins -- or before the first.
  std::optional<Counts> counted_;
  std::optional<std::uint64_t> peak_base_;  ///< memory.peak's bytes at the run's start
  std::string text_;                        ///< reused: no allocation per file per run
  std::vector<std::string> notes_;
  std::vector<std::string> quiet_notes_;    ///< of notes_: for the CSV alone (Announce)
  std::vector<std::string> machine_notes_;  ///< of notes_: the machine's state (OfMachine)
  unsigned noted_ = 0;
};

void CgroupSource::Open(std::size_t f, int dir_fd, int flags) {
  fds_[f].Reset(dir_fd < 0 ? -1 : ::openat(dir_fd, kFileNames[f], flags | O_CLOEXEC));
  open_errno_[f] = fds_[f] ? 0 : (dir_fd < 0 ? EBADF : errno);
}

void CgroupSource::BeforeRun(const RunInfo& run) {
  if (in_run_) counted_.reset();  // the last run was never collected
  in_run_ = run.cgroup_fd >= 0;
  if (!in_run_) return;
  if (!Has("memory")) {
    ReadPeak();  // its note, before io's: the columns' order
  } else if (run.cgroup_fresh) {
    // A new cgroup's memory.peak counts from 0.
    Open(kPeak, run.cgroup_fd, offer_.peak_resettable ? O_RDWR : O_RDONLY);
    peak_base_ = 0;
  } else {
    ResetPeak();
  }
  // Nothing runs in the series' cgroup between two runs (what a run leaves
  // is killed before its Collect), so the last run's closing reads are this
  // one's opening reads. Writeback of a run's dirty pages that the kernel
  // does after its end is charged to its cgroup then: io-write of the next.
  if (!counted_) counted_ = Count();
}

void CgroupSource::ResetPeak() {
  peak_base_.reset();
  if (!fds_[kPeak]) return;
  if (::pwrite(fds_[kPeak].get(), "reset\n", 6, 0) != 6) {
    NoteOnce(kNoPeakNoted, "mem-peak: the kept cgroup's memory.peak could not be reset (" +
                               std::string(std::strerror(errno)) + "); left empty");
    return;
  }
  // Read through the same fd: what the cgroup held at the reset, page
  // cache of the earlier runs included.
  peak_base_ = ReadPeak();
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

std::optional<std::uint64_t> CgroupSource::ReadPeak() {
  if (!Has("memory")) {
    const std::string both = MemoryAndIoNote();
    if (!both.empty()) {
      NoteOfMachine(kNoMemoryNoted, both);
      noted_ |= kNoIoNoted;
      return std::nullopt;
    }
    const std::string note = "mem-peak: " + WhyNot("memory") + "; left empty";
    if (WhyNot("memory").find("(--no-mem-peak)") != std::string::npos) {
      quiet_notes_.push_back(note);
      NoteOnce(kNoMemoryNoted, note);
    } else {
      NoteOfMachine(kNoMemoryNoted, note);
    }
    return std::nullopt;
  }
  if (!Read(kPeak)) {
    NoteOfMachine(kNoPeakNoted,
                  "mem-peak: this kernel has no memory.peak (Linux 5.19 added it); left empty");
    return std::nullopt;
  }
  return platforms::SingleValue(text_);
}

Counts CgroupSource::Count() {
  Counts c;
  std::size_t i = 0;
  for (const File f : {kCpuPressure, kMemoryPressure, kIoPressure}) {
    if (Read(f)) {
      c[i] = platforms::PressureTotal(text_, "some");
    } else {
      NoteOfMachine(kNoPressureNoted,
                    "psi-cpu, psi-memory, psi-io: this kernel keeps no pressure stall information "
                    "(CONFIG_PSI, and psi=1 on the command line where it is off by default); "
                    "left empty");
    }
    ++i;
  }
  if (!Has("io")) {
    NoteOfMachine(kNoIoNoted, "io-read, io-write: " + WhyNot("io") + "; left empty");
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
    NoteOnce(kUnreadableNoted, "cgroup-user, cgroup-sys: the series' cpu.stat could not be read (" +
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
  // The run's peak above what its cgroup held when it began: 0 for a new
  // cgroup, the page cache earlier runs left charged to a kept one.
  const std::optional<std::uint64_t> peak = peak_base_ ? ReadPeak() : std::nullopt;
  out.push_back(peak && *peak >= *peak_base_
                    ? std::optional<double>(static_cast<double>((*peak - *peak_base_) / 1024))
                    : std::nullopt);
  const Counts before = *counted_, after = Count();
  counted_ = after;
  for (std::size_t i = 0; i < kCounts; ++i) {
    const bool counted = after[i] && before[i] && *after[i] >= *before[i];
    out.push_back(counted ? std::optional<double>(static_cast<double>(*after[i] - *before[i]))
                          : std::nullopt);
  }
  in_run_ = false;
}

}  // namespace

std::unique_ptr<MeasurementSource> MakeCgroupSource(const CgroupOffer& offer) {
  return std::make_unique<CgroupSource>(offer);
}

}  // namespace timeit
