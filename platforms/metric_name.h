#pragma once

#include <string>
#include <string_view>

namespace timeit::platforms {

/// Whether MetricBaseName keeps a column's `@TARGET` (--count-cgroup,
/// --count-pid): a note about a target's counter names the target; a unit or
/// a rank is the counter's wherever it was counted.
enum class MetricTarget { kKeep, kDrop };

/// The metric a results column measures, the one rule for every reader of
/// column names: the column without perf's modifier suffix, a ':' then one or
/// more of perf's modifier letters u k h G H I D e (`cycles:u`, timeit's mark
/// of a user-mode-only count, or `instructions:uk` as the user wrote it;
/// counters/event_modifiers.h lists what they mean), and with
/// MetricTarget::kDrop without an `@TARGET` after it. `cycles:u@server` is
/// `cycles@server` kept, `cycles` dropped; a tracepoint's `sched:sched_switch`
/// is itself.
std::string MetricBaseName(std::string_view column, MetricTarget target);

}  // namespace timeit::platforms
