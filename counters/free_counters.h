#pragma once

#include <string>
#include <vector>

#include "counters/event_encoding.h"

namespace timeit::counters {

/// How many counters of one kind this process could count at once right
/// now, found by trying: groups of 1, 2, ... copies of the event are opened
/// on ourselves and enabled; the first group that the kernel refuses
/// (EINVAL: more than the PMU has) or never schedules (time_running 0:
/// other users, such as the NMI watchdog, hold the rest) ends the count.
struct FreeCounters {
  int free = 0;         ///< groups of this many counted
  bool capped = false;  ///< reached `max` without a failure
  int error = 0;        ///< errno when not even one copy opened
};

/// Probes with `encoding` (a general-purpose event: branch-instructions on
/// x86 and arm64 keep off the fixed cycle and instruction counters), user
/// mode only so that perf_event_paranoid 2 allows it.
FreeCounters ProbeFreeCounters(const EventEncoding& encoding, int max = 16);

/// Whether `events`, opened as one group on this process, fit the PMU at
/// once right now: the kernel accepts the group (its check of the PMU's
/// counters and their constraints) and schedules it (no other user holds
/// the counters it needs) during `work` iterations of a small loop.
/// `user_only` adds exclude_kernel to every event; `error` gets errno when
/// the kernel refuses the group.
bool GroupFitsNow(const std::vector<EventEncoding>& events, bool user_only, int& error,
                  unsigned work = 20000);

}  // namespace timeit::counters
