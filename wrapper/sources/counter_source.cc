#include "wrapper/sources/counter_source.h"

#include <cstdio>
#include <cstdlib>
#include <optional>

#include "counters/counter_plan.h"
#include "counters/generic_events.h"
#include "counters/tree_counters.h"
#include "platforms/kernel_pmus.h"
#include "platforms/metrics.h"
#include "platforms/platform.h"
#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"

namespace timeit {
namespace {

using counters::CounterPlan;
using counters::CounterReading;
using counters::EventStatus;
using counters::PlannedCounter;

bool IsSoftwareMetric(const PlannedCounter& c) {
  return c.metric && platforms::GetMetricInfo(*c.metric).software;
}

class CounterSource : public MeasurementSource {
 public:
  explicit CounterSource(const std::vector<std::string>& words);

  std::vector<std::string> Columns() const override;
  void AttachBeforeExec(pid_t pid) override { tree_.Attach(pid); }
  void Collect(const RunExit& exit, MetricValues& out) override;
  std::vector<std::string> TakeNotes() override;

 private:
  std::optional<std::size_t> IndexOf(std::string_view label) const;
  void NoteOnce(std::size_t counter, const std::string& note);
  static counters::TreeCounters MakeTree(const CounterPlan& plan, std::vector<int>& slot);

  CounterPlan plan_;
  std::vector<int> tree_slot_;  ///< per planned counter: its index in tree_, or -1
  counters::TreeCounters tree_;
  std::vector<std::string> setup_notes_;  ///< said with the first run, so the CSV keeps them
  std::vector<std::string> notes_;
  std::vector<bool> noted_;  ///< per planned counter: a per-run problem was reported
  bool collected_ = false;
};

counters::TreeCounters CounterSource::MakeTree(const CounterPlan& plan, std::vector<int>& slot) {
  std::vector<counters::EventEncoding> events;
  for (const PlannedCounter& c : plan.counters) {
    slot.push_back(c.status == EventStatus::kCounted ? static_cast<int>(events.size()) : -1);
    if (c.status == EventStatus::kCounted) events.push_back(*c.encoding);
  }
  return counters::TreeCounters(std::move(events), plan.user_only);
}

/// Our metrics' names and perf's generic event names, for "did you mean".
std::vector<std::string> KnownEventNames() {
  std::vector<std::string> names;
  for (const platforms::MetricInfo& m : platforms::AllMetrics()) names.emplace_back(m.name);
  for (const counters::GenericEvent& g : counters::AllGenericEvents()) names.emplace_back(g.name);
  return names;
}

CounterSource::CounterSource(const std::vector<std::string>& words)
    : plan_(
          counters::PlanCounters(words.empty() ? counters::DefaultCounterWords() : words,
                                 counters::PlanOptions{platforms::DetectPlatform(), std::nullopt})),
      tree_(MakeTree(plan_, tree_slot_)),
      noted_(plan_.counters.size(), false) {
  // A name nothing knows is a typo, not a property of this machine: stop
  // before the first run rather than record an hours-long series without it.
  // Events that exist but cannot be counted here stay notes and empty cells.
  for (const PlannedCounter& c : plan_.counters) {
    if (c.status == EventStatus::kUnknown)
      throw UsageError("-e: unknown event '" + c.label + "': " + c.reason +
                       DidYouMean(c.label, KnownEventNames()));
  }
  setup_notes_ = plan_.notes;
  // Without a hardware PMU every hardware metric fails the same way: say it once.
  const bool no_pmu = !platforms::HasHardwareCpuPmu(platforms::ReadKernelPmus());
  std::string unsupported;
  for (const PlannedCounter& c : plan_.counters) {
    if (c.status == EventStatus::kCounted) continue;
    const bool pmu_metric = c.metric && platforms::GetMetricInfo(*c.metric).needs_pmu;
    if (no_pmu && pmu_metric && c.status == EventStatus::kNotSupported) {
      unsupported += (unsupported.empty() ? "" : ", ") + c.label;
      continue;
    }
    setup_notes_.push_back(c.label + ": " + std::string(counters::StatusName(c.status)) + " (" +
                           c.reason + ")");
  }
  if (!unsupported.empty()) {
    setup_notes_.push_back(unsupported +
                           ": not supported, this kernel has no hardware PMU (a VM?); left empty");
  }
}

std::vector<std::string> CounterSource::Columns() const {
  const std::string mode = plan_.user_only ? ":u" : "";
  std::vector<std::string> columns;
  for (const PlannedCounter& c : plan_.counters) columns.push_back(c.label + mode);
  for (const PlannedCounter& c : plan_.counters) {
    if (!IsSoftwareMetric(c)) columns.push_back(c.label + mode + ".running");
  }
  if (IndexOf("cycles") && IndexOf("instructions")) columns.push_back("ipc" + mode);
  if (IndexOf("icache-misses") && IndexOf("instructions")) columns.push_back("icache-mpki" + mode);
  return columns;
}

std::optional<std::size_t> CounterSource::IndexOf(std::string_view label) const {
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    if (plan_.counters[i].label == label) return i;
  }
  return std::nullopt;
}

void CounterSource::NoteOnce(std::size_t counter, const std::string& note) {
  if (noted_[counter]) return;
  noted_[counter] = true;
  notes_.push_back(plan_.counters[counter].label + ": " + note);
}

void CounterSource::Collect(const RunExit& /*exit*/, MetricValues& out) {
  collected_ = true;
  const std::vector<CounterReading> readings = tree_.Collect();
  std::vector<CounterReading> by_counter(plan_.counters.size());
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    if (tree_slot_[i] < 0) continue;  // not countable here: empty cells, noted at setup
    CounterReading r = readings[static_cast<std::size_t>(tree_slot_[i])];
    if (r.status == EventStatus::kMultiplexed && r.running_fraction) {
      char pct[32];
      std::snprintf(pct, sizeof pct, "%.0f%%", *r.running_fraction * 100);
      NoteOnce(i, std::string("multiplexed, on a PMU counter ") + pct +
                      " of the run; scaled by enabled/running (see its .running column)");
    } else if (!r.value) {
      NoteOnce(i, std::string(counters::StatusName(r.status)) + " (" + r.reason + ")");
    }
    by_counter[i] = std::move(r);
  }
  for (const CounterReading& r : by_counter) out.push_back(r.value);
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    if (!IsSoftwareMetric(plan_.counters[i])) out.push_back(by_counter[i].running_fraction);
  }
  auto value = [&](std::string_view label) -> std::optional<double> {
    const auto index = IndexOf(label);
    return index ? by_counter[*index].value : std::nullopt;
  };
  auto ratio = [](std::optional<double> num, std::optional<double> den, double scale) {
    return num && den && *den > 0 ? std::optional<double>(*num / *den * scale) : std::nullopt;
  };
  if (IndexOf("cycles") && IndexOf("instructions")) {
    out.push_back(ratio(value("instructions"), value("cycles"), 1.0));
  }
  if (IndexOf("icache-misses") && IndexOf("instructions")) {
    out.push_back(ratio(value("icache-misses"), value("instructions"), 1000.0));
  }
}

std::vector<std::string> CounterSource::TakeNotes() {
  // Setup notes wait for the first run so that its CSV row records them.
  if (!collected_) return {};
  std::vector<std::string> notes = std::move(setup_notes_);
  setup_notes_.clear();
  for (std::string& n : notes_) notes.push_back(std::move(n));
  notes_.clear();
  return notes;
}

}  // namespace

std::unique_ptr<MeasurementSource> MakeCounterSource(const std::vector<std::string>& events) {
  return std::make_unique<CounterSource>(events);
}

}  // namespace timeit
