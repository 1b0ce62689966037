#include "wrapper/sources/cgroup_source.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "platforms/cgroup_stats.h"

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

class CgroupSource : public MeasurementSource {
 public:
  explicit CgroupSource(const CgroupOffer& offer) : offer_(offer) {}

  std::vector<std::string> Columns() const override {
    return {"mem-peak", "psi-cpu",  "psi-memory",  "psi-io",
            "io-read",  "io-write", "cgroup-user", "cgroup-sys"};
  }
  bool AttachesBeforeExec() const override { return false; }
  void BeforeRun(const RunInfo& run) override { run_fd_ = run.cgroup_fd; }
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
  /// The run's cgroup file `name` into text_; false (errno set) when absent.
  bool Read(const char* name);
  std::optional<double> MemoryPeak();
  void Pressure(MetricValues& out);
  void Io(MetricValues& out);
  void Cpu(MetricValues& out);

  CgroupOffer offer_;
  int run_fd_ = -1;
  std::string text_;  ///< reused: no allocation per file per run
  std::vector<std::string> notes_;
  unsigned noted_ = 0;
};

bool CgroupSource::Read(const char* name) {
  text_.clear();
  const int fd = ::openat(run_fd_, name, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buffer[4096];
  ssize_t n;
  while ((n = ::read(fd, buffer, sizeof buffer)) > 0)
    text_.append(buffer, static_cast<std::size_t>(n));
  const int err = errno;
  ::close(fd);
  errno = err;
  return n == 0;
}

std::optional<double> CgroupSource::MemoryPeak() {
  if (!Has("memory")) {
    NoteOnce(kNoMemoryNoted, "mem-peak: " + WhyNot("memory") + "; left empty");
    return std::nullopt;
  }
  if (!Read("memory.peak")) {
    NoteOnce(kNoPeakNoted,
             "mem-peak: this kernel has no memory.peak (Linux 5.19 added it); left empty");
    return std::nullopt;
  }
  const std::optional<std::uint64_t> bytes = platforms::SingleValue(text_);
  if (!bytes) return std::nullopt;
  return static_cast<double>(*bytes / 1024);
}

void CgroupSource::Pressure(MetricValues& out) {
  for (const char* file : {"cpu.pressure", "memory.pressure", "io.pressure"}) {
    std::optional<std::uint64_t> total;
    if (Read(file)) {
      total = platforms::PressureTotal(text_, "some");
    } else {
      NoteOnce(kNoPressureNoted,
               "psi-cpu, psi-memory, psi-io: this kernel keeps no pressure stall information "
               "(CONFIG_PSI, and psi=1 on the command line where it is off by default); "
               "left empty");
    }
    out.push_back(total ? std::optional<double>(static_cast<double>(*total)) : std::nullopt);
  }
}

void CgroupSource::Io(MetricValues& out) {
  std::optional<platforms::IoBytes> io;
  if (!Has("io")) {
    NoteOnce(kNoIoNoted, "io-read, io-write: " + WhyNot("io") + "; left empty");
  } else if (Read("io.stat")) {
    io = platforms::SumIoStat(text_);
  }
  out.push_back(io ? std::optional<double>(static_cast<double>(io->read)) : std::nullopt);
  out.push_back(io ? std::optional<double>(static_cast<double>(io->written)) : std::nullopt);
}

void CgroupSource::Cpu(MetricValues& out) {
  std::optional<std::uint64_t> user, sys;
  if (Read("cpu.stat")) {
    user = platforms::FlatKeyedValue(text_, "user_usec");
    sys = platforms::FlatKeyedValue(text_, "system_usec");
  }
  if (!user || !sys)
    NoteOnce(kUnreadableNoted, "cgroup-user, cgroup-sys: the run's cpu.stat could not be read (" +
                                   std::string(std::strerror(errno)) + "); left empty");
  out.push_back(user ? std::optional<double>(static_cast<double>(*user)) : std::nullopt);
  out.push_back(sys ? std::optional<double>(static_cast<double>(*sys)) : std::nullopt);
}

void CgroupSource::Collect(const RunExit& /*exit*/, MetricValues& out) {
  if (run_fd_ < 0) {
    NoteOnce(kNoCgroupNoted,
             "mem-peak, psi-*, io-*, cgroup-user, cgroup-sys: " + offer_.why_not + "; left empty");
    out.insert(out.end(), Columns().size(), std::nullopt);
    return;
  }
  out.push_back(MemoryPeak());
  Pressure(out);
  Io(out);
  Cpu(out);
  run_fd_ = -1;  // the next run has its own
}

}  // namespace

std::unique_ptr<MeasurementSource> MakeCgroupSource(const CgroupOffer& offer) {
  return std::make_unique<CgroupSource>(offer);
}

}  // namespace timeit
