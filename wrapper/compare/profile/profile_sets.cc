#include "wrapper/compare/profile/profile_sets.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/results/profile_csv.h"
#include "wrapper/results/results_csv_reader.h"

namespace timeit {
namespace {

using RunKey = std::pair<std::string, long>;  ///< label, run

/// Every row of a results file by label and run: its boot_id.
std::map<RunKey, std::string> RowsOf(const std::string& file) {
  const ResultsTable t = ReadResultsCsv(file, nullptr);
  const auto label = t.Column("label"), run = t.Column("run"), boot = t.Column("boot_id");
  std::map<RunKey, std::string> rows;
  if (!run) return rows;
  const std::string stem = std::filesystem::path(file).stem().string();
  for (const std::vector<std::string>& row : t.rows) {
    long number = 0;
    if (!ParseWhole(row[*run], number)) continue;
    rows[{label && !row[*label].empty() ? row[*label] : stem, number}] = boot ? row[*boot] : "";
  }
  return rows;
}

/// Why `entries` do not belong to `file`, or empty when they all do.
std::string Mismatch(const std::vector<ProfileEntry>& entries, const std::string& file,
                     long& line) {
  const std::map<RunKey, std::string> rows = RowsOf(file);
  for (const ProfileEntry& e : entries) {
    line = e.line;
    const auto it = rows.find({e.label, e.run});
    if (it == rows.end())
      return fmt::format("run {} of label '{}' is not in {}", e.run, e.label, file);
    if (!it->second.empty() && !e.boot_id.empty() && it->second != e.boot_id)
      return fmt::format("run {} of label '{}' has boot_id {} here and {} in {}", e.run, e.label,
                         e.boot_id, it->second, file);
  }
  return {};
}

/// The set and run each (label, run) of results file `file` stands for.
std::map<RunKey, std::pair<std::size_t, std::size_t>> MeasuredRuns(const CompareInput& in,
                                                                   const std::string& file) {
  std::map<RunKey, std::pair<std::size_t, std::size_t>> runs;
  for (std::size_t s = 0; s < in.sets.size(); ++s) {
    const CompareSet& set = in.sets[s];
    // Sets read from JSON or plain numbers know no file of a run: no profile.
    const std::size_t known = std::min(set.run_numbers.size(), set.run_files.size());
    for (std::size_t k = 0; k < known; ++k)
      if (set.run_files[k] < set.files.size() && set.files[set.run_files[k]] == file &&
          k < set.run_labels.size())
        runs[{set.run_labels[k], set.run_numbers[k]}] = {s, k};
  }
  return runs;
}

/// Adds `entries` to the sets' profiles, zero-filled per profiled run.
void Gather(const CompareInput& in, const std::string& file,
            const std::vector<ProfileEntry>& entries, bool total,
            std::vector<std::map<std::size_t, std::map<FunctionKey, double>>>& by_run,
            std::vector<std::set<std::string>>& boots) {
  const auto runs = MeasuredRuns(in, file);
  for (const ProfileEntry& e : entries) {
    const auto it = runs.find({e.label, e.run});
    if (it == runs.end()) continue;  // a warm-up or failed run, or another set's
    const double ns = total ? e.total_ns.value_or(0) : e.time_ns;
    by_run[it->second.first][it->second.second][{e.function, e.object, e.kernel}] += ns / 1e6;
    boots[it->second.first].insert(e.boot_id);
  }
}

SetProfile Assemble(const std::map<std::size_t, std::map<FunctionKey, double>>& runs) {
  SetProfile p;
  for (const auto& [run, functions] : runs) {
    const std::size_t at = p.runs.size();
    p.runs.push_back(run);
    double sum = 0;
    for (const auto& [key, ms] : functions) {
      std::vector<double>& times = p.time_ms[key];
      times.resize(runs.size(), 0.0);
      times[at] = ms;
      sum += ms;
    }
    p.total_ms.push_back(sum);
  }
  for (auto& [key, times] : p.time_ms) times.resize(p.runs.size(), 0.0);
  return p;
}

}  // namespace

bool ProfileInput::any() const {
  return std::any_of(sets.begin(), sets.end(), [](const auto& s) { return s.has_value(); });
}

ProfileInput LoadProfiles(const CompareInput& in, const std::vector<std::string>& files,
                          const ProfileRequest& request, std::vector<std::string>& notes) {
  const bool given = !request.explicit_files.empty();
  if (given && request.explicit_files.size() != files.size())
    throw UsageError(
        fmt::format("compare: --profile-files: {} profiles for {} results files; give "
                    "one per results file, in the same order",
                    request.explicit_files.size(), files.size()));
  std::vector<std::map<std::size_t, std::map<FunctionKey, double>>> by_run(in.sets.size());
  std::vector<std::set<std::string>> boots(in.sets.size());
  ProfileInput out;
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string profile = given ? request.explicit_files[f] : ProfileCsvPath(files[f]);
    if (!given && !std::filesystem::exists(profile)) continue;
    std::vector<std::string> warnings;
    const std::vector<ProfileEntry> entries = ReadProfileCsv(profile, warnings);
    for (std::string& w : warnings) notes.push_back(std::move(w));
    long line = 0;
    const std::string why = Mismatch(entries, files[f], line);
    if (!why.empty()) {
      if (given) throw InputError(profile, line, "does not belong to " + files[f] + ": " + why);
      notes.push_back(fmt::format("{}:{}: left out, it does not belong to {}: {}", profile, line,
                                  files[f], why));
      continue;
    }
    out.files.push_back(profile);
    Gather(in, files[f], entries, request.total, by_run, boots);
  }
  for (std::size_t s = 0; s < in.sets.size(); ++s) {
    if (by_run[s].empty()) {
      out.sets.emplace_back();
      continue;
    }
    out.sets.push_back(Assemble(by_run[s]));
    out.sets.back()->boots = boots[s].size();
  }
  if (out.any() && !out.sets.front())
    notes.push_back(fmt::format("the baseline {} has no profile: no \"Where the difference is\"",
                                in.sets.front().label));
  return out;
}

}  // namespace timeit
