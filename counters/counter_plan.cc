#include "counters/counter_plan.h"

#include <algorithm>

#include "counters/event_parser.h"
#include "counters/perf_open.h"
#include "counters/privilege.h"
#include "platforms/event_tables.h"

namespace timeit::counters {
namespace {

/// Encodes and probes one chain entry; a tracepoint's probe fd is kept in
/// `keeper` so that the tracepoint stays registered.
ChainStep TryEvent(const std::string& event, bool user_only, platforms::UniqueFd& keeper) {
  ChainStep step;
  step.event = event;
  ParsedEvent parsed = ParseEventString(event, user_only);
  step.status = parsed.status;
  step.reason = std::move(parsed.reason);
  step.encoding = std::move(parsed.encoding);
  if (!step.encoding) return step;
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
      return 3;
    case EventStatus::kNotSupported:
      return 2;
    default:
      return 1;
  }
}

PlannedCounter PlanWord(const std::string& word, const CounterPlan& plan,
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
    counter.steps.push_back(TryEvent(event, plan.user_only, keeper));
    const ChainStep& step = counter.steps.back();
    if (step.status == EventStatus::kCounted) {
      counter.status = EventStatus::kCounted;
      counter.encoding = step.encoding;
      counter.event = step.event;
      if (keeper) keepers.push_back(std::move(keeper));
      return counter;
    }
  }
  for (const ChainStep& step : counter.steps) {
    if (worst == nullptr || Rank(step.status) > Rank(worst->status)) worst = &step;
  }
  counter.status = worst->status;
  counter.event = worst->event;
  // Name the chain entry when it is not the word itself (a metric's event).
  counter.reason = worst->event == word ? worst->reason : worst->event + ": " + worst->reason;
  return counter;
}

}  // namespace

std::vector<std::string> DefaultCounterWords() {
  std::vector<std::string> words;
  for (const platforms::MetricInfo& m : platforms::AllMetrics()) words.emplace_back(m.name);
  return words;
}

CounterPlan PlanCounters(const std::vector<std::string>& words, const PlanOptions& options) {
  CounterPlan plan;
  plan.platform = options.platform;
  if (options.user_only) {
    plan.user_only = *options.user_only;
  } else {
    KernelCounting kernel = ProbeKernelCounting();
    plan.user_only = !kernel.allowed;
    if (!kernel.allowed) plan.notes.push_back(std::move(kernel.note));
  }
  std::vector<std::string> seen;
  for (const std::string& word : words) {
    if (std::find(seen.begin(), seen.end(), word) != seen.end()) continue;
    seen.push_back(word);
    plan.counters.push_back(PlanWord(word, plan, plan.keepers));
  }
  return plan;
}

}  // namespace timeit::counters
