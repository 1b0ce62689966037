#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "platforms/kernel_pmus.h"

namespace timeit::platforms {

/// The events the CPU's PMU driver lists in sysfs,
/// <event_source_dir>/<pmu>/events/<name> holding "event=0x0011".
///
/// Only Arm's PMUv3 driver makes this list a statement about the hardware:
/// it shows an architected common event (0x00-0x3F, 0x4000-0x403F) only
/// when the CPU's PMCEID registers say it is implemented. Raw events outside
/// the list open without error and count 0 (QEMU's Neoverse N1 model
/// implements only cycles, instructions and the stall events), so the list
/// is what tells a silent 0 from a real one. x86's `cpu` PMU lists a few
/// aliases, not what the CPU implements: no list covers x86 events.
struct PmuEventList {
  std::string pmu;  ///< e.g. armv8_pmuv3 (QEMU), armv8_pmuv3_0 (ACPI)
  std::vector<std::pair<std::string, std::uint64_t>> events;  ///< name, event number
};

/// The Arm PMUv3 driver's list(s) under `event_source_dir` (all of
/// armv8_* / armv9_*, merged: a big.LITTLE machine has one per core type),
/// or nullopt when there is no such PMU (x86, a VM without a PMU).
std::optional<PmuEventList> ReadArmPmuEvents(const std::string& event_source_dir);

/// The same for PMUs already read (Machine::pmus): only the Arm CPU PMUs'
/// events/ folders are opened, and none on a machine without one, so a run
/// reads the PMU directory once.
std::optional<PmuEventList> ReadArmPmuEvents(const std::string& event_source_dir,
                                             const std::vector<KernelPmu>& pmus);

/// Whether `list` decides for Arm event number `event`: true for the
/// architected common ranges, false for IMPLEMENTATION DEFINED numbers
/// (Neoverse N1's 0x82 EXC_SVC), which no list covers.
bool CoversArmEvent(std::uint64_t event);

/// True when `list` holds event number `event`.
bool ListsEvent(const PmuEventList& list, std::uint64_t event);

}  // namespace timeit::platforms
