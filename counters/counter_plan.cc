#include "counters/counter_plan.h"

#include <linux/perf_event.h>

#include <algorithm>
#include <cstdio>

#include "counters/event_parser.h"
#include "counters/perf_open.h"
#include "counters/privilege.h"
#include "counters/tracefs.h"
#include "platforms/event_tables.h"
#include "platforms/platform.h"
#include "platforms/pmu_events.h"

namespace timeit::counters {
namespace {

/// What the CPU PMU's own list says about an event; read once per plan.
struct PmuCheck {
  std::optional<platforms::PmuEventList> arm;  ///< nullopt: no list covers anything here
  bool force = false;
};

bool IsHardware(const EventEncoding& e) {
  return e.type == PERF_TYPE_HARDWARE || e.type == PERF_TYPE_HW_CACHE || e.type == PERF_TYPE_RAW ||
         e.type >= PERF_TYPE_MAX;  // a dynamic PMU's type, e.g. armv8_pmuv3_0's
}

/// The reason an event is kNotImplemented, or nullopt when the list has it
/// or does not cover it. Generic events need no check here: the arm64
/// driver maps them only to events PMCEID lists and refuses the rest
/// (ENOENT); raw numbers it passes through unchecked.
std::optional<std::string> NotImplemented(const EventEncoding& e, const PmuCheck& check) {
  if (!check.arm || !(e.type == PERF_TYPE_RAW || e.type >= PERF_TYPE_MAX)) return std::nullopt;
  const std::uint64_t number = e.config & 0xffff;  // ARMV8_PMU_EVTYPE_EVENT
  if (!platforms::CoversArmEvent(number) || platforms::ListsEvent(*check.arm, number)) {
    return std::nullopt;
  }
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%02llx", static_cast<unsigned long long>(number));
  return check.arm->pmu + "'s sysfs events/ (built from PMCEID) lacks event " + hex +
         ", so it would count a silent 0; --force-events counts it anyway";
}

/// Whether a count of 0 from this event proves nothing: hardware, and no
/// list vouched for it.
bool Unchecked(const EventEncoding& e, const PmuCheck& check) {
  if (!IsHardware(e)) return false;
  if (e.type == PERF_TYPE_HARDWARE || e.type == PERF_TYPE_HW_CACHE) return !check.arm;
  return !check.arm || !platforms::CoversArmEvent(e.config & 0xffff) ||
         !platforms::ListsEvent(*check.arm, e.config & 0xffff);
}

/// Encodes and probes one chain entry; a tracepoint's probe fd is kept in
/// `keeper` so that the tracepoint stays registered.
ChainStep TryEvent(const std::string& event, bool user_only, const PmuCheck& check,
                   platforms::UniqueFd& keeper) {
  ChainStep step;
  step.event = event;
  ParsedEvent parsed = ParseEventString(event, user_only);
  step.status = parsed.status;
  step.reason = std::move(parsed.reason);
  step.encoding = std::move(parsed.encoding);
  if (!step.encoding) return step;
  if (!check.force) {
    if (std::optional<std::string> why = NotImplemented(*step.encoding, check)) {
      step.status = EventStatus::kNotImplemented;
      step.reason = std::move(*why);
      return step;
    }
  }
  OpenOptions options;
  options.user_only = user_only;
  options.tree = false;
  OpenedCounter probe = OpenCounter(*step.encoding, 0, options);
  if (!probe.fd) {
    step.status = StatusFromOpenErrno(probe.error);
    step.reason = "perf_event_open: " + ExplainOpenErrno(probe.error);
    return step;
  }
  step.status = EventStatus::kCounted;
  if (step.encoding->origin == EventOrigin::kTracepoint) keeper = std::move(probe.fd);
  return step;
}

/// Of several failures, the one that tells the user most: a permission
/// problem can be fixed, "not supported" is the machine, "unknown" a typo.
int Rank(EventStatus s) {
  switch (s) {
    case EventStatus::kNotPermitted:
      return 4;
    case EventStatus::kNotImplemented:
      return 3;
    case EventStatus::kNotSupported:
      return 2;
    default:
      return 1;
  }
}

/// "; it is Neoverse N1's (timeit events --platform neoverse-n1)": where a
/// metric the platform lacks can be had, so that the reason names a way on
/// (it is read in `timeit events` too, which a "see timeit events" would not).
std::string PlatformsWith(platforms::Metric metric) {
  std::string names;
  for (const platforms::PlatformInfo& p : platforms::AllPlatforms())
    if (!platforms::EventChain(p.id, metric).empty())
      names += (names.empty() ? "" : ", ") + std::string(p.name);
  if (names.empty()) return {};
  return "; platforms with one: " + names + " (timeit events --platform NAME)";
}

PlannedCounter PlanWord(const std::string& word, const CounterPlan& plan, const PmuCheck& check,
                        std::vector<platforms::UniqueFd>& keepers) {
  PlannedCounter counter;
  counter.label = word;
  counter.metric = platforms::FindMetric(word);
  const std::vector<std::string> chain = counter.metric
                                             ? platforms::EventChain(plan.platform, *counter.metric)
                                             : std::vector<std::string>{word};
  const ChainStep* worst = nullptr;
  for (const std::string& event : chain) {
    platforms::UniqueFd keeper;
    counter.steps.push_back(TryEvent(event, plan.user_only, check, keeper));
    const ChainStep& step = counter.steps.back();
    if (step.status == EventStatus::kCounted) {
      counter.status = EventStatus::kCounted;
      counter.encoding = step.encoding;
      counter.event = step.event;
      counter.unchecked_hardware = Unchecked(*step.encoding, check);
      if (keeper) keepers.push_back(std::move(keeper));
      return counter;
    }
  }
  if (counter.steps.empty()) {  // exc-svc off Neoverse N1
    counter.status = EventStatus::kNotSupported;
    counter.reason = "no event for it on platform " +
                     std::string(platforms::GetPlatformInfo(plan.platform).name) +
                     PlatformsWith(*counter.metric);
    return counter;
  }
  for (const ChainStep& step : counter.steps) {
    if (worst == nullptr || Rank(step.status) > Rank(worst->status)) worst = &step;
  }
  counter.status = worst->status;
  counter.event = worst->event;
  // Name the chain entry when it is not the word itself (a metric's event).
  counter.reason = worst->event == word ? worst->reason : worst->event + ": " + worst->reason;
  // Our own metric names are never typos: this machine lacks its events
  // (a kernel without the raw_syscalls tracepoint, say).
  if (counter.metric && counter.status == EventStatus::kUnknown) {
    counter.status = EventStatus::kNotSupported;
  }
  return counter;
}

}  // namespace

std::vector<std::string> DefaultCounterWords() {
  std::vector<std::string> words;
  for (const platforms::MetricInfo& m : platforms::AllMetrics()) {
    if (m.in_default_set) words.emplace_back(m.name);
  }
  return words;
}

CounterPlan PlanCounters(const std::vector<std::string>& words, const PlanOptions& options) {
  CounterPlan plan;
  plan.platform = options.platform;
  if (options.user_only) {
    plan.user_only = *options.user_only;
  } else {
    KernelCounting kernel = ProbeKernelCounting(options.roots);
    plan.user_only = !kernel.allowed;
    if (!kernel.allowed) plan.notes.push_back(std::move(kernel.note));
  }
  PmuCheck check;
  check.arm = options.pmus
                  ? platforms::ReadArmPmuEvents(options.roots.EventSourceDir(), *options.pmus)
                  : platforms::ReadArmPmuEvents(options.roots.EventSourceDir());
  check.force = options.force_events;
  std::vector<std::string> seen;
  for (const std::string& word : words) {
    if (std::find(seen.begin(), seen.end(), word) != seen.end()) continue;
    seen.push_back(word);
    plan.counters.push_back(PlanWord(word, plan, check, plan.keepers));
  }
  if (TracefsLookedUp() && !Tracefs().mounted.empty()) {
    plan.notes.push_back("tracefs was not mounted: mounted " + Tracefs().mounted +
                         " for the tracepoints, as perf does");
  }
  return plan;
}

}  // namespace timeit::counters
