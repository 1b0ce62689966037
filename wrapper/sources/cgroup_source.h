#pragma once

#include <memory>
#include <string_view>

#include "wrapper/results/metric_columns.h"
#include "wrapper/sources/cgroup_offer.h"
#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// The measurement source of each run's own cgroup (cgroup v2), which holds
/// every descendant of the command, reaped or not, whatever it does with
/// sessions and process groups. Columns (kCgroupColumns, in that order),
/// all over the run alone (deltas of the series' cgroup's files, which hold
/// the run's cgroup alone, read before and after it):
///   mem-peak     KiB, the run's memory.peak: the whole tree's peak, page
///                cache included (maxrss is the largest single process),
///                above what its cgroup held when the run began -- 0 in a
///                new cgroup, the page cache of earlier runs in a kept one
///                (reset at the run's start, Linux 6.12)
///   psi-cpu, psi-memory, psi-io   microseconds some task of the run stalled
///                on CPU, memory, I/O (pressure files' `some ... total=`)
///   io-read, io-write             bytes, io.stat summed over devices
///   cgroup-user, cgroup-sys       microseconds, cpu.stat
/// A column the machine cannot give (no cgroup, a controller bound to v1,
/// a kernel without PSI or memory.peak) is empty with one note saying why,
/// never 0.
std::unique_ptr<MeasurementSource> MakeCgroupSource(const CgroupOffer& offer);

}  // namespace timeit
