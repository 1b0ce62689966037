#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// A function of a profile: its name, its object, and whether it is kernel code.
struct FunctionKey {
  std::string function, object;
  bool kernel = false;
  auto operator<=>(const FunctionKey&) const = default;
};

/// A set's profile: per function, its time in each profiled run (ms; 0 in a
/// run that has no sample of it), and each run's total.
struct SetProfile {
  std::vector<std::size_t> runs;  ///< indices into the set's run_numbers
  std::map<FunctionKey, std::vector<double>> time_ms;
  std::vector<double> total_ms;
  std::size_t boots = 0;  ///< distinct boot_ids of the profiled runs
};

/// The profiles of the sets, where they have one (same order as in.sets).
struct ProfileInput {
  std::vector<std::optional<SetProfile>> sets;
  std::vector<std::string> files;  ///< the sidecars read
  bool any() const;
};

/// What LoadProfiles reads: `explicit_files` (--profile-files), one per
/// results file in order, or else the sidecar beside each results file
/// (results/profile_csv.h) where there is one. `total`: each function's
/// time with what it calls (--profile-callers' total_ns) instead of its own.
struct ProfileRequest {
  std::vector<std::string> explicit_files;
  bool total = false;
};

/// Reads the profiles of `in`'s sets from `files` (the results files, as
/// given to compare). A sidecar that is not one is an InputError naming its
/// file and line. A profile that names a run its results file lacks, or a
/// run under another boot_id, does not belong to that file: it is named in
/// `notes` and left out, or, when given with --profile-files, an InputError.
/// Also noted: a baseline without a profile where other sets have one.
ProfileInput LoadProfiles(const CompareInput& in, const std::vector<std::string>& files,
                          const ProfileRequest& request, std::vector<std::string>& notes);

}  // namespace timeit
