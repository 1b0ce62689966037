#pragma once

#include <memory>
#include <string>
#include <vector>

#include "platforms/machine.h"
#include "wrapper/results/profile_rows.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

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
std::unique_ptr<MeasurementSource> MakeProfileSource(const platforms::Machine& machine,
                                                     const ProfileOptions& options,
                                                     std::unique_ptr<ProfileSink> sink);

}  // namespace timeit
