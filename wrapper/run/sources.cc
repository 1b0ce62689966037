#include "wrapper/run/sources.h"

#include <algorithm>
#include <cstdio>

#include "platforms/system_roots.h"
#include "wrapper/base/errors.h"
#include "wrapper/results/profile_csv.h"
#include "wrapper/results/results_columns.h"
#include "wrapper/sources/cgroup_source.h"
#include "wrapper/sources/counter_source.h"
#include "wrapper/sources/output_metric_source.h"
#include "wrapper/sources/profile_source.h"
#include "wrapper/sources/resource_usage_source.h"

namespace timeit {
namespace {

/// Every metric column once, none of them one of the CSV's own columns (a
/// --metric named `real` or `notes` would make the file unreadable).
void CheckColumns(const std::vector<std::unique_ptr<MeasurementSource>>& sources) {
  std::vector<std::string> seen;
  for (const auto& s : sources) {
    for (const std::string& c : s->Columns()) {
      if (IsNonMetricColumn(c))
        throw UsageError("metric '" + c + "': the results CSV has a column of that name");
      if (std::find(seen.begin(), seen.end(), c) != seen.end())
        throw UsageError("metric '" + c + "': there is already a column of that name");
      seen.push_back(c);
    }
  }
}

}  // namespace

std::vector<std::unique_ptr<MeasurementSource>> BuildSources(const RunOptions& options,
                                                             const CgroupOffer& cgroup,
                                                             const platforms::Machine& machine) {
  std::vector<std::unique_ptr<MeasurementSource>> sources;
  sources.push_back(std::make_unique<ResourceUsageSource>());
  if (!options.no_counters) {
    sources.push_back(MakeCounterSource(machine, options.events,
                                        CounterSourceOptions{
                                            .force_events = options.force_events,
                                            .rotate = options.rotate,
                                            .count_in_every_run = options.count_in_every_run,
                                            .count_by = options.count_by,
                                            .cgroup = cgroup,
                                            .count_cgroups = options.count_cgroups,
                                            .count_pids = options.count_pids,
                                        }));
  }
  if (!options.no_cgroup) sources.push_back(MakeCgroupSource(cgroup));
  if (!options.output_metrics.empty())
    sources.push_back(MakeOutputMetricSource(options.output_metrics));
  CheckColumns(sources);
  return sources;
}

void AddProfileSource(const RunOptions& options, const std::string& csv_path,
                      const SeriesMetadata& metadata, const platforms::Machine& machine,
                      std::vector<std::unique_ptr<MeasurementSource>>& sources) {
  if (options.profile_hz <= 0) return;
  std::vector<std::string> warnings;
  // The sink first: a sidecar that cannot be appended to stops the series
  // before the machine is probed.
  std::unique_ptr<ProfileSink> sink =
      MakeProfileCsvSink(ProfileCsvPath(csv_path), metadata.conditions.boot_id, warnings);
  for (const std::string& w : warnings) std::fprintf(stderr, "timeit: %s\n", w.c_str());
  sources.push_back(MakeProfileSource(
      machine, {.frequency_hz = options.profile_hz, .callers = options.profile_callers},
      std::move(sink)));
}

std::unique_ptr<SeriesCgroup> MakeSeriesCgroup(const RunOptions& o, CgroupOffer& offer) {
  if (o.no_cgroup) {
    offer.why_not = "--no-cgroup";
    return nullptr;
  }
  std::string why;
  std::vector<std::string> notes;
  std::unique_ptr<SeriesCgroup> cgroup =
      SeriesCgroup::Create(platforms::SystemRoots{}, {.memory = !o.no_mem_peak}, why, notes);
  if (!o.quiet)
    for (const std::string& n : notes) std::fprintf(stderr, "timeit: %s\n", n.c_str());
  if (!cgroup) {
    offer.why_not = "no cgroup for the runs (" + why + ")";
    return nullptr;
  }
  offer.available = true;
  offer.series_fd = cgroup->dir_fd();
  offer.series_dir = cgroup->dir();
  offer.controllers = cgroup->controllers();
  offer.missing = cgroup->missing();
  offer.peak_resettable = cgroup->peak_resettable();
  return cgroup;
}

std::vector<std::string> SeriesMetricColumns(const RunOptions& options) {
  RunOptions quiet = options;
  quiet.quiet = true;
  CgroupOffer offer;
  const std::unique_ptr<SeriesCgroup> cgroup = MakeSeriesCgroup(quiet, offer);
  const platforms::Machine machine =
      platforms::ReadMachine(platforms::SystemRootsFromEnvironment());
  std::vector<std::string> columns;
  for (const auto& s : BuildSources(quiet, offer, machine))
    for (std::string& c : s->Columns()) columns.push_back(std::move(c));
  return columns;
}

}  // namespace timeit
