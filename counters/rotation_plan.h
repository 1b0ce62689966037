#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"

namespace timeit::counters {

/// --rotate: hardware events split into groups that each fit the PMU at
/// once, so that each group counts exactly (never multiplexed) in its share
/// of a series' runs, one group a run in turn -- toplev's --no-multiplex,
/// with the runs a series makes anyway.
struct RotationPlan {
  /// Indices into the events given, one vector per group, in the order the
  /// groups are counted. One group: everything fits, nothing to rotate.
  std::vector<std::vector<std::size_t>> groups;
  /// Events that share no group with the companions because the PMU cannot
  /// hold them together (a 2-counter Pentium III with cycles and
  /// instructions): their derived metrics stay empty.
  std::vector<std::size_t> without_companions;
  /// Set when an event fits the PMU not even alone: its index, and errno
  /// (0 when the kernel accepted it but never scheduled it).
  std::optional<std::size_t> unfit;
  int unfit_error = 0;
};

/// Whether a set of events fits the PMU at once (GroupFitsNow on the
/// machine; tests give a model of a PMU). `error` gets errno on refusal.
using FitsFn = std::function<bool(const std::vector<std::size_t>& events, int& error)>;

/// Packs `count` events greedily, in order: every group starts with the
/// `companions` (cycles and instructions, so that ipc and icache-mpki are
/// computed from one group's exact counts) and takes each further event that
/// still fits. An event that fits only without the companions gets a group
/// of its own events; one that fits not even alone ends the plan (`unfit`).
RotationPlan PlanRotation(std::size_t count, const std::vector<std::size_t>& companions,
                          const FitsFn& fits);

}  // namespace timeit::counters
