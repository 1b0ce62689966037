#pragma once

#include <memory>
#include <vector>

#include "platforms/machine.h"
#include "wrapper/process/series_cgroup.h"
#include "wrapper/results/series_metadata.h"
#include "wrapper/run/run_options.h"
#include "wrapper/sources/cgroup_offer.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The measurement sources of a series on `machine` (read once for the
/// run, as its metadata is), in column order: resource usage
/// first, then the counter source made from options.events unless
/// options.no_counters (counting by `cgroup` where it can), the runs'
/// cgroups unless options.no_cgroup, then the --metric source. The only place sources
/// are chosen, so the run loop never changes when one is added. Throws
/// UsageError for a bad --metric, a column name given twice, --count-by
/// cgroup where it cannot be had and a --count-cgroup/--count-pid that
/// cannot be counted.
std::vector<std::unique_ptr<MeasurementSource>> BuildSources(const RunOptions& options,
                                                             const CgroupOffer& cgroup,
                                                             const platforms::Machine& machine);

/// The metric columns a series of `options` records on this machine, named
/// as RunSeries names them (its cgroups made and the machine read for the
/// occasion, quietly): for what checks a metric name before the series is
/// run at all (timeit boots start, before its first reboot).
std::vector<std::string> SeriesMetricColumns(const RunOptions& options);

/// The series' cgroups (unless options.no_cgroup) and, in `offer`, what the
/// sources get of them; null, with the reason in offer.why_not, where there
/// are none. Stale directories of a killed timeit are removed on the way
/// and said (unless --quiet). Always this machine's cgroups, whatever
/// $TIMEIT_PROC_ROOT describes: the runs are placed in them.
std::unique_ptr<SeriesCgroup> MakeSeriesCgroup(const RunOptions& options, CgroupOffer& offer);

/// --profile: appends the profile source (it adds no column), writing to the
/// sidecar of `csv_path` (results/profile_csv.h) with the series' boot id.
/// Called before the results file is opened, so that a machine that cannot
/// sample or a sidecar of another layout stops the series before it starts
/// (UsageError, InputError); warnings about the sidecar go to stderr.
void AddProfileSource(const RunOptions& options, const std::string& csv_path,
                      const SeriesMetadata& metadata, const platforms::Machine& machine,
                      std::vector<std::unique_ptr<MeasurementSource>>& sources);

}  // namespace timeit
