#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
/// (profile_csv.h), written by the run mode.
class ProfileSink {
 public:
  virtual ~ProfileSink() = default;
  /// Called once per measured run, after its CSV row was written: the run's
  /// label and number as its row has them.
  virtual void WriteRun(std::string_view label, int run, const std::vector<ProfileLine>& lines) = 0;
};

}  // namespace timeit
