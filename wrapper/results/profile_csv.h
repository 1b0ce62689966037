#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrapper/results/profile_rows.h"

namespace timeit {

/// The profile sidecar of a results CSV: `isync.csv` -> `isync.profile.csv`
/// (a name without .csv gets .profile.csv appended).
std::string ProfileCsvPath(const std::string& results_csv);

/// Its header: label, run, boot_id, function, object, mode, samples,
/// time_ns, total_samples, total_ns (docs/csv-format.md).
const std::vector<std::string>& ProfileCsvColumns();

/// The sink the run mode gives --profile: each measured run's lines as one
/// block, written with one write(2) after the run's CSV row (fsynced when
/// `durable(run)` says the row was), appended across series and reboots
/// like the results CSV. The file is removed again when no block was
/// written to a file this sink created.
std::unique_ptr<ProfileSink> MakeProfileCsvSink(const std::string& path, std::string boot_id,
                                                std::vector<std::string>& warnings);

/// One line of a sidecar, read back.
struct ProfileEntry {
  std::string label;
  long run = 0;
  std::string boot_id;
  std::string function, object;
  bool kernel = false;
  double samples = 0, time_ns = 0;
  std::optional<double> total_samples, total_ns;
  long line = 0;
};

/// Reads a sidecar. Throws InputError naming the file and line for what is
/// not one: another header, a ragged row, a mode other than user/kernel, a
/// count that is not a number. A last line cut short is skipped (said in
/// `warnings`).
std::vector<ProfileEntry> ReadProfileCsv(const std::string& path,
                                         std::vector<std::string>& warnings);

}  // namespace timeit
