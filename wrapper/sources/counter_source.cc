#include "wrapper/sources/counter_source.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <optional>

#include "counters/cgroup_counters.h"
#include "counters/counter_plan.h"
#include "counters/generic_events.h"
#include "counters/run_counters.h"
#include "platforms/kernel_pmus.h"
#include "platforms/metrics.h"
#include "platforms/platform.h"
#include "platforms/system_roots.h"
#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/sources/count_targets.h"
#include "wrapper/sources/per_event_cost.h"
#include "wrapper/sources/rotation_groups.h"

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
  CounterSource(const platforms::Machine& machine, const std::vector<std::string>& words,
                const CounterSourceOptions& options);

  std::vector<std::string> Columns() const override;
  void BeforeRun(const RunInfo& run) override;
  void AttachBeforeExec(pid_t pid) override;
  bool AttachesBeforeExec() const override;
  void Collect(const RunExit& exit, MetricValues& out) override;
  std::vector<std::string> TakeNotes() override;
  bool Announce(const std::string& note) const override { return note != quiet_note_; }
  std::vector<std::string> RowNotes() const override;
  int RunsForEveryColumn() const override;
  std::vector<std::string> CountingRunColumns() const override;
  std::vector<std::string> EndSeriesNotes() const override;

 private:
  /// What was said about a counter, once each.
  enum Noted : unsigned {
    kMultiplexedNoted = 1,
    kMissedNoted = 2,
    kZeroNoted = 4,
    kPreExecNoted = 8
  };

  std::optional<std::size_t> IndexOf(std::string_view label) const;
  /// True the first time `kind` is asked for `counter`: a note is said once.
  bool FirstTime(std::size_t counter, Noted kind);
  void NoteOnce(std::size_t counter, Noted kind, const std::string& note);
  void CheckZero(std::size_t counter, const CounterReading& r, std::optional<double> instructions);
  void CheckUnknownNames() const;
  /// default_set: the default counters, not -e (their missing PMU goes in the first row only).
  void NoteWhatCannotBeCounted(bool default_set, const platforms::Machine& machine);
  /// By inheritance or by cgroup (ChooseCounting), the choice said once;
  /// the events of tree_slot_.
  std::unique_ptr<counters::RunCounters> MakeCounters(const CounterSourceOptions& options);
  /// The events of apart_slot_, for one counting run, counted as the
  /// others are: by cgroup opened before its child is forked, by
  /// inheritance on the held child; closed after the read.
  std::unique_ptr<counters::RunCounters> MakeApartCounters() const;
  /// Planned counters with a cost per event into apart_slot_ (not with
  /// --count-in-every-run), and the note that says so.
  void SetApart(bool count_in_every_run);
  /// --count-cgroup, --count-pid: null without.
  std::unique_ptr<CountTargets> MakeTargets(const CounterSourceOptions& options) const;
  /// The labels of a rotation group's counters, for its notes.
  std::string GroupLabels(std::size_t group) const;

  CounterPlan plan_;
  std::vector<int> tree_slot_;  ///< per planned counter: its index in counters_' events, or -1
  /// Per planned counter: its index among the events only counting runs
  /// count (apart_), or -1. Empty unless some counter costs per event.
  std::vector<int> apart_slot_;
  std::vector<counters::EventEncoding> apart_events_;
  bool by_cgroup_ = false;  ///< how the tree is counted (ChooseCounting)
  std::string quiet_note_;  ///< the choice's note when it is for the CSV alone
  int cgroup_fd_ = -1;      ///< the runs' parent cgroup when by_cgroup_
  /// The CPUs per-CPU events open on when by_cgroup_: this kernel's online
  /// CPUs, the Machine's unless its roots are a fixture tree's.
  std::vector<int> cpus_;
  /// The run in flight's per-event counters: only in a counting run.
  std::string apart_note_;  ///< which counters the counting runs count, said once
  std::unique_ptr<counters::RunCounters> apart_;
  RunRole role_ = RunRole::kEvery;
  int timing_runs_ = 0;  ///< timing runs begun: they alone go round --rotate's groups
  Rotation rotation_;
  std::vector<std::string> setup_notes_;  ///< said with the first run, so the CSV keeps them
  std::unique_ptr<counters::RunCounters> counters_;
  std::unique_ptr<CountTargets> targets_;
  std::size_t group_ = 0;                     ///< the rotation group of the run in flight
  std::vector<std::string> first_row_notes_;  ///< in the first run's row only, not said
  std::vector<std::string> notes_;
  std::vector<unsigned> noted_;  ///< per planned counter: Noted bits
  std::vector<int> missed_;      ///< per planned counter: runs without counter time
  int runs_ = 0;
  bool collected_ = false;
};

/// Per planned counter: its index among the events the tree counts, or -1.
std::vector<int> TreeSlots(const CounterPlan& plan) {
  std::vector<int> slot;
  int next = 0;
  for (const PlannedCounter& c : plan.counters)
    slot.push_back(c.status == EventStatus::kCounted ? next++ : -1);
  return slot;
}

/// The column of a counter: its word, marked ":u" when only user mode is
/// counted (unless the word's own modifiers say so already), so that such a
/// series never compares silently with full counts. Not a clock's: cpu-clock
/// and task-clock count the same time in either mode, so a root series and a
/// user's compare their task-clock.
std::string ColumnName(const PlannedCounter& c, bool user_only) {
  const bool clock =
      c.encoding && counters::ModeEffectOf(*c.encoding) == counters::ModeEffect::kNone;
  if (!user_only || clock || c.label.ends_with(":u")) return c.label;
  return c.label + ":u";
}

/// What runs between a run's first counted moment and the command's exec,
/// with timeit-spawner (wrapper/process/spawner_main.c), and what each mode
/// keeps of it. Perf stat counts from the exec on; so must both modes.
///
///   timeit   sendmsg(request) to the spawner, recvfrom(reply)
///   spawner  recvmsg returns; clone3(CLONE_PARENT|CLONE_INTO_CGROUP): the child
///   child    setpgid, prctl(PR_SET_PDEATHSIG), [sched_setaffinity], read(go):
///            blocks; without clone3 also openat/write/close of cgroup.procs
///   spawner  close (the request's 2 or 3 fds), sendto(reply), recvmsg: blocks
///   timeit   setpgid(child); Attach (below); write(go)
///   child    read returns; execve -- its entry is the last thing before it
///
/// By cgroup, the run's cgroup counts from the child's clone3 into it; the
/// spawner and timeit are outside it. Attach waits until the child sleeps in
/// read (/proc/PID/syscall), reads the baseline and opens the child's
/// remove_on_exec events: the read's return and execve's entry are counted
/// by both and taken out, what came before is in the baseline.
///
/// By inheritance, the spawner's copies of timeit's events were switched on
/// by its own exec (enable_on_exec), and the child copies them on at its
/// clone: the child's calls above and the spawner's after the clone would be
/// counted, some or all depending on when timeit's baseline read comes (the
/// 100031 to 100035 of `syscall_loop 100000` against perf's 100030). Attach
/// switches every copy off (TreeCounters::Attach) before it reads the
/// baseline, and the child's copies come on at its exec, as perf stat's do.
/// The spawner holds an event that is not inherited, so that the scheduler
/// never swaps its perf context with the child's: the child would exec with
/// the spawner's copies, whose enable_on_exec has fired, and count nothing.
std::unique_ptr<counters::RunCounters> CounterSource::MakeCounters(
    const CounterSourceOptions& options) {
  std::vector<counters::EventEncoding> events;
  for (std::size_t i = 0; i < plan_.counters.size(); ++i)
    if (tree_slot_[i] >= 0) events.push_back(*plan_.counters[i].encoding);
  std::string pmu_counters(platforms::GetPlatformInfo(plan_.platform).pmu_counters);
  const CountingChoice choice = ChooseCounting(options.count_by, options.cgroup, cpus_);
  setup_notes_.push_back(choice.note);
  if (!choice.announce) quiet_note_ = choice.note;
  by_cgroup_ = choice.by_cgroup;
  cgroup_fd_ = options.cgroup.series_fd;
  if (choice.by_cgroup)
    return std::make_unique<counters::CgroupCounters>(
        events, plan_.user_only, options.cgroup.series_fd, cpus_, counters::CountedCgroup::kTheRuns,
        pmu_counters, rotation_.groups);
  return counters::CountByInheritance(std::move(events), plan_.user_only, pmu_counters,
                                      rotation_.groups);
}

std::unique_ptr<counters::RunCounters> CounterSource::MakeApartCounters() const {
  std::string pmu_counters(platforms::GetPlatformInfo(plan_.platform).pmu_counters);
  if (by_cgroup_)
    return std::make_unique<counters::CgroupCounters>(apart_events_, plan_.user_only, cgroup_fd_,
                                                      cpus_, counters::CountedCgroup::kTheRuns,
                                                      pmu_counters);
  // On the held child itself, as one group opened for this run (the form
  // --rotate's groups take): events opened on timeit now would not reach
  // the child, which timeit-spawner, forked before them, clones.
  std::vector<std::size_t> all(apart_events_.size());
  std::iota(all.begin(), all.end(), std::size_t{0});
  return counters::CountByInheritance(apart_events_, plan_.user_only, pmu_counters, {all});
}

void CounterSource::SetApart(bool count_in_every_run) {
  if (count_in_every_run) return;
  std::string labels;
  std::vector<int> apart(plan_.counters.size(), -1);
  int next = 0;
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    const PlannedCounter& c = plan_.counters[i];
    if (c.status != EventStatus::kCounted || !CostsPerEvent(*c.encoding)) continue;
    apart[i] = next++;
    apart_events_.push_back(*c.encoding);
    labels += (labels.empty() ? "" : ", ") + c.label;
  }
  if (next == 0) return;
  // The plan holds each tracepoint it probed open on timeit itself, so that
  // a run's open skips the kernel's code patching (counters/counter_plan.h).
  // Held through the timing runs, a syscall tracepoint would put every
  // system call of theirs on the slow path: while one is registered the
  // kernel sets SYSCALL_WORK_SYSCALL_TRACEPOINT on every task. The counting
  // runs pay the registration instead, before their clocks start.
  plan_.keepers.clear();
  apart_slot_ = std::move(apart);
  // The tree's own counters are the rest, numbered again.
  int tree = 0;
  for (std::size_t i = 0; i < plan_.counters.size(); ++i)
    tree_slot_[i] = tree_slot_[i] >= 0 && apart_slot_[i] < 0 ? tree++ : -1;
  apart_note_ = labels +
                ": counted in counting runs of their own (--counting-runs), not in the timing "
                "runs: counting them costs the command per event";
}

std::unique_ptr<CountTargets> CounterSource::MakeTargets(
    const CounterSourceOptions& options) const {
  if (options.count_cgroups.empty() && options.count_pids.empty()) return nullptr;
  std::vector<std::string> columns;
  std::vector<std::optional<counters::EventEncoding>> encodings;
  for (const PlannedCounter& c : plan_.counters) {
    columns.push_back(ColumnName(c, plan_.user_only));
    encodings.push_back(c.status == EventStatus::kCounted ? c.encoding : std::nullopt);
  }
  return std::make_unique<CountTargets>(columns, encodings, plan_.user_only, cpus_,
                                        options.count_cgroups, options.count_pids);
}

/// Our metrics' names and perf's generic event names, for "did you mean".
std::vector<std::string> KnownEventNames() {
  std::vector<std::string> names;
  for (const platforms::MetricInfo& m : platforms::AllMetrics()) names.emplace_back(m.name);
  for (const counters::GenericEvent& g : counters::AllGenericEvents()) names.emplace_back(g.name);
  return names;
}

counters::PlanOptions MakePlanOptions(const platforms::Machine& machine, bool force_events) {
  counters::PlanOptions options;
  options.roots = machine.roots;
  options.pmus = machine.pmus;
  options.platform = machine.platform;
  options.force_events = force_events;
  return options;
}

CounterSource::CounterSource(const platforms::Machine& machine,
                             const std::vector<std::string>& words,
                             const CounterSourceOptions& options)
    : plan_(counters::PlanCounters(words.empty() ? counters::DefaultCounterWords() : words,
                                   MakePlanOptions(machine, options.force_events))),
      tree_slot_(TreeSlots(plan_)),
      cpus_(platforms::CpusToCountOn(machine)),
      noted_(plan_.counters.size(), 0),
      missed_(plan_.counters.size(), 0) {
  CheckUnknownNames();
  SetApart(options.count_in_every_run);
  rotation_ = options.rotate ? PlanRotation(plan_, tree_slot_) : Rotation{};
  setup_notes_ = plan_.notes;
  counters_ = MakeCounters(options);
  if (!apart_note_.empty()) setup_notes_.push_back(apart_note_);
  NoteWhatCannotBeCounted(words.empty(), machine);
  if (!rotation_.note.empty()) setup_notes_.push_back(rotation_.note);
  targets_ = MakeTargets(options);
}

/// A name nothing knows is a typo, not a property of this machine: stop
/// before the first run rather than record an hours-long series without it.
/// Events that exist but cannot be counted here stay notes and empty cells.
void CounterSource::CheckUnknownNames() const {
  for (const PlannedCounter& c : plan_.counters) {
    if (c.status == EventStatus::kUnknown)
      throw UsageError("-e: unknown event '" + c.label + "': " + c.reason +
                       DidYouMean(c.label, KnownEventNames()));
  }
}

void CounterSource::NoteWhatCannotBeCounted(bool default_set, const platforms::Machine& machine) {
  // Without a hardware PMU every hardware metric fails the same way: say it once.
  const bool no_pmu = !platforms::HasHardwareCpuPmu(machine.pmus);
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
    // The default set on a machine without a PMU meets this on every series:
    // the first row's notes keep it, `timeit check` and `timeit events` say
    // it; a user who named hardware events with -e hears it.
    (default_set ? first_row_notes_ : setup_notes_)
        .push_back(unsupported +
                   ": not supported, this kernel has no hardware PMU (a VM?); left empty");
  }
}

std::string CounterSource::GroupLabels(std::size_t group) const {
  std::string text;
  for (std::size_t e : rotation_.groups[group]) {
    for (std::size_t i = 0; i < plan_.counters.size(); ++i)
      if (tree_slot_[i] == static_cast<int>(e))
        text += (text.empty() ? "" : ", ") + plan_.counters[i].label;
  }
  return text;
}

void CounterSource::BeforeRun(const RunInfo& run) {
  role_ = run.role;
  if (!rotation_.groups.empty()) {
    // By run number, so that a series continued after a reboot, and each
    // configuration of an interleaved one, goes on round the groups; with
    // counting runs between them, by timing run, whose counts are used.
    const int nth = run.role == RunRole::kEvery ? run.number - 1 : timing_runs_;
    group_ = static_cast<std::size_t>(nth) % rotation_.groups.size();
    counters_->SelectGroup(group_);
  }
  if (run.role == RunRole::kTime) ++timing_runs_;
  // Opened for this run alone: while a syscall tracepoint is open anywhere,
  // every system call takes the slow path, so a timing run must not follow
  // one that is still open. Its close waits for RCU (tens of ms in a VM),
  // after the run's clock has stopped.
  apart_.reset();
  if (run.role == RunRole::kCount && !apart_events_.empty()) {
    apart_ = MakeApartCounters();
    apart_->BeforeStart();
  }
  counters_->BeforeStart();
  if (targets_) targets_->BeforeStart();
}

void CounterSource::AttachBeforeExec(pid_t pid) {
  counters_->Attach(pid);
  if (apart_) apart_->Attach(pid);
}

bool CounterSource::AttachesBeforeExec() const {
  // Counting runs by inheritance read their baseline on the held child.
  return counters_->AttachesBeforeExec() || (!apart_events_.empty() && !by_cgroup_);
}

std::vector<std::string> CounterSource::CountingRunColumns() const {
  std::vector<std::string> columns;
  for (std::size_t i = 0; i < apart_slot_.size(); ++i)
    if (apart_slot_[i] >= 0) columns.push_back(ColumnName(plan_.counters[i], plan_.user_only));
  return columns;
}

std::vector<std::string> CounterSource::RowNotes() const {
  std::vector<std::string> notes;
  if (runs_ == 1) notes = first_row_notes_;
  if (!rotation_.groups.empty())
    notes.push_back("--rotate: this run counted group " + std::to_string(group_ + 1) + " of " +
                    std::to_string(rotation_.groups.size()) + " (" + GroupLabels(group_) + ")");
  return notes;
}

int CounterSource::RunsForEveryColumn() const {
  return std::max<int>(1, static_cast<int>(rotation_.groups.size()));
}

std::vector<std::string> CounterSource::Columns() const {
  const std::string mode = plan_.user_only ? std::string(kUserModeSuffix) : "";
  std::vector<std::string> columns;
  for (const PlannedCounter& c : plan_.counters) {
    columns.push_back(ColumnName(c, plan_.user_only));
  }
  for (const PlannedCounter& c : plan_.counters) {
    if (!IsSoftwareMetric(c)) columns.push_back(RunningColumn(ColumnName(c, plan_.user_only)));
  }
  if (IndexOf("cycles") && IndexOf("instructions"))
    columns.push_back(std::string(kIpcColumn) + mode);
  if (IndexOf("icache-misses") && IndexOf("instructions"))
    columns.push_back(std::string(kIcacheMpkiColumn) + mode);
  if (targets_) {
    for (std::string& c : targets_->Columns()) columns.push_back(std::move(c));
  }
  return columns;
}

std::optional<std::size_t> CounterSource::IndexOf(std::string_view label) const {
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    if (plan_.counters[i].label == label) return i;
  }
  return std::nullopt;
}

bool CounterSource::FirstTime(std::size_t counter, Noted kind) {
  if ((noted_[counter] & kind) != 0) return false;
  noted_[counter] |= kind;
  return true;
}

void CounterSource::NoteOnce(std::size_t counter, Noted kind, const std::string& note) {
  if (FirstTime(counter, kind)) notes_.push_back(plan_.counters[counter].label + ": " + note);
}

/// A PMU that lacks an event still opens it and counts 0. Where no list
/// said the event is implemented, a 0 over a run of real work is suspect.
void CounterSource::CheckZero(std::size_t counter, const CounterReading& r,
                              std::optional<double> instructions) {
  constexpr double kEnoughInstructions = 1e5;
  if (!plan_.counters[counter].unchecked_hardware || !r.value || *r.value != 0) return;
  if (!instructions || *instructions <= kEnoughInstructions) return;
  char count[32];
  std::snprintf(count, sizeof count, "%.0f", *instructions);
  NoteOnce(counter, kZeroNoted,
           std::string("counted 0 in a run that retired ") + count +
               " instructions: this CPU's PMU may not implement it (no list of its events "
               "covers this one, and an unimplemented event opens and counts 0 without error)");
}

void CounterSource::Collect(const RunExit& /*exit*/, MetricValues& out) {
  collected_ = true;
  ++runs_;
  const std::vector<CounterReading> readings = counters_->Collect();
  std::vector<CounterReading> apart_readings;
  if (apart_) apart_readings = apart_->Collect();
  apart_.reset();
  std::vector<CounterReading> by_counter(plan_.counters.size());
  // Events first multiplexed in this run, said in one note: with more events
  // than counters that is most of them, and a line each would bury the rest.
  std::string multiplexed;
  std::map<std::string, std::string> kept;  ///< why the child's work stayed in -> labels
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    CounterReading r;
    if (!apart_slot_.empty() && apart_slot_[i] >= 0) {
      if (apart_readings.empty()) continue;  // a timing run: the counting runs have its value
      r = apart_readings[static_cast<std::size_t>(apart_slot_[i])];
    } else if (tree_slot_[i] < 0) {
      continue;  // not countable here: empty cells, noted at setup
    } else {
      r = readings[static_cast<std::size_t>(tree_slot_[i])];
    }
    if (r.status == EventStatus::kOtherRun) {
      // --rotate: its group's runs have its value; empty here, said in RowNotes.
    } else if (r.status == EventStatus::kMultiplexed && r.running_fraction) {
      if (FirstTime(i, kMultiplexedNoted)) {
        char pct[32];
        std::snprintf(pct, sizeof pct, " %.0f%%", *r.running_fraction * 100);
        multiplexed += (multiplexed.empty() ? "" : ", ") + plan_.counters[i].label + pct;
      }
    } else if (!r.value) {
      ++missed_[i];
      NoteOnce(i, kMissedNoted,
               std::string(counters::StatusName(r.status)) + " (" + r.reason + "); left empty");
    }
    if (!r.pre_exec_kept.empty() && FirstTime(i, kPreExecNoted))
      kept[r.pre_exec_kept] +=
          (kept[r.pre_exec_kept].empty() ? "" : ", ") + plan_.counters[i].label;
    by_counter[i] = std::move(r);
  }
  // One note per reason, as for multiplexing: under --rotate it is most events.
  for (const auto& [why, labels] : kept)
    notes_.push_back("counted by cgroup with timeit's child's work before its exec, as " + why +
                     ": " + labels);
  if (!multiplexed.empty()) {
    notes_.push_back("multiplexed, on a PMU counter for part of the run (" + multiplexed +
                     "); scaled by enabled/running (see the .running columns); --rotate would "
                     "count each exactly, in a share of the runs");
  }
  auto value = [&](std::string_view label) -> std::optional<double> {
    const auto index = IndexOf(label);
    return index ? by_counter[*index].value : std::nullopt;
  };
  const std::optional<double> instructions = value("instructions");
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) CheckZero(i, by_counter[i], instructions);
  for (const CounterReading& r : by_counter) out.push_back(r.value);
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    if (!IsSoftwareMetric(plan_.counters[i])) out.push_back(by_counter[i].running_fraction);
  }
  auto ratio = [](std::optional<double> num, std::optional<double> den, double scale) {
    return num && den && *den > 0 ? std::optional<double>(*num / *den * scale) : std::nullopt;
  };
  if (IndexOf("cycles") && IndexOf("instructions")) {
    out.push_back(ratio(value("instructions"), value("cycles"), 1.0));
  }
  if (IndexOf("icache-misses") && IndexOf("instructions")) {
    out.push_back(ratio(value("icache-misses"), value("instructions"), 1000.0));
  }
  if (targets_) targets_->Collect(out);
}

std::vector<std::string> CounterSource::EndSeriesNotes() const {
  std::vector<std::string> notes;
  for (std::size_t i = 0; i < plan_.counters.size(); ++i) {
    if (missed_[i] == 0) continue;
    notes.push_back(plan_.counters[i].label + ": not counted in " + std::to_string(missed_[i]) +
                    " of " + std::to_string(runs_) + " runs (empty cells there; see the notes)");
  }
  return notes;
}

std::vector<std::string> CounterSource::TakeNotes() {
  // Setup notes wait for the first run so that its CSV row records them.
  if (!collected_) return {};
  std::vector<std::string> notes = std::move(setup_notes_);
  setup_notes_.clear();
  for (std::string& n : counters_->TakeNotes()) notes.push_back(std::move(n));
  for (std::string& n : notes_) notes.push_back(std::move(n));
  notes_.clear();
  if (targets_) {
    for (std::string& n : targets_->TakeNotes()) notes.push_back(std::move(n));
  }
  return notes;
}

}  // namespace

std::unique_ptr<MeasurementSource> MakeCounterSource(const platforms::Machine& machine,
                                                     const std::vector<std::string>& events,
                                                     const CounterSourceOptions& options) {
  return std::make_unique<CounterSource>(machine, events, options);
}

}  // namespace timeit
