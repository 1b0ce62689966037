#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// One function's line of a run's profile: where the run's CPU time went.
/// `time_ns` is the function's share of the sampled event's count (cycles,
/// or cpu-clock) times the run's CPU time (user + sys of the tree), so that
/// the lines of a run add up to its user + sys; `total_*` count the samples
/// whose call chain holds the function (each once), and are nullopt without
/// --profile-callers.
struct ProfileLine {
  std::string function;
  std::string object;
  bool kernel = false;
  std::uint64_t samples = 0;
  double time_ns = 0;
  std::optional<std::uint64_t> total_samples;
  std::optional<double> total_ns;
};

/// Where a finished run's profile goes: the sidecar beside the results CSV
/// (results/profile_csv.h), written by the run mode.
class ProfileSink {
 public:
  virtual ~ProfileSink() = default;
  /// Called once per measured run, after its CSV row was written.
  virtual void WriteRun(const RunInfo& run, const std::vector<ProfileLine>& lines) = 0;
};

struct ProfileOptions {
  int frequency_hz = 999;  ///< --profile=HZ
  bool callers = false;    ///< --profile-callers: call chains, and each function's total time
};

/// --profile: samples each run's whole process tree, user and kernel mode,
/// on cycles where the PMU samples them and cpu-clock otherwise, resolves
/// the samples to functions as they stream in (symbols/), and hands each
/// measured run's functions to `sink` once its CSV row is written (a
/// warm-up run is sampled, for the same conditions, and not written). Adds
/// no column. What cannot be done is said once: kernel mode not permitted,
/// kernel addresses hidden, samples lost.
std::unique_ptr<MeasurementSource> MakeProfileSource(const ProfileOptions& options,
                                                     std::unique_ptr<ProfileSink> sink);

}  // namespace timeit
