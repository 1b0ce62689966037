#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "platforms/boot_facts.h"
#include "wrapper/boots/boot_config.h"

namespace timeit {

enum class BootOrder { kAbba, kRandom };
enum class OnBootFailure { kStop, kSkip };

/// Where the experiment is between two boots.
enum class Phase {
  kArmed,    ///< the step's boot is armed; the next resume checks and runs it
  kRunning,  ///< the step's series started on `running_on`
  /// the step ended a round at or past --boots MIN: the stopping rule looks
  /// at the results before the next step is armed (kept across a power loss,
  /// so that the look is made once and no step is recorded twice)
  kLooking,
  kFinished,  ///< every step done or skipped; disarmed
  kStopped,   ///< a configuration failed under --on-boot-failure stop; disarmed
};

/// What one boot of the experiment came to, in the order they happened.
struct StepRecord {
  std::size_t step = 0;
  int config = 0;
  std::string boot_id;
  /// "measured"; "series failed" (the run mode's exit status in
  /// exit_status); "wrong kernel" (expected_* against found_*);
  /// "interrupted" (the boot ended during its series, `runs` kept).
  std::string outcome;
  std::string expected_release, found_release, found_cmdline;
  /// --via systemd-boot: the step's entry, and the one systemd-boot booted.
  std::string expected_entry, found_entry;
  int runs = 0;
  int exit_status = 0;
  double settle_seconds = 0;
  /// Of a step's own boot ("measured"): from its arming on the boot before
  /// to its resume (shutdown, firmware, boot), and its series with the
  /// settling; negative where not measured (a state of an earlier timeit).
  double boot_seconds = -1;
  double series_seconds = -1;
};

/// One metric's interval at a look: the half-width of the interval of its
/// difference against the baseline, in % of the baseline's mean, the wider
/// side of what compare's summary prints (its ratio's interval is not
/// symmetric), the widest over the configurations; NaN where the summary
/// has no such percentage (too few values, a baseline mean of 0, no column).
struct MetricWidth {
  std::string metric;
  double half_width_percent = 0;
  /// Each compared set's estimated difference, in % of the baseline's mean
  /// (the summary row's); empty where the width is not known.
  std::vector<std::pair<std::string, double>> differences;
};

/// The experiment's verdict on one target metric and one set, by the
/// two-stage rule (Stein 1945): centred on the difference over all the
/// boots made, half as wide as the pilot's interval narrowed to their
/// number, pilot width * sqrt(pilot boots / boots). Its 95% holds exactly
/// (for normal boot means) whatever variance the pilot drew, because that
/// variance alone fixed the number of boots; the mixed model's own interval
/// at the stop holds 94% or less (BootsTargetSimulationTest).
struct TwoStageInterval {
  std::string metric, set;
  double percent = 0;             ///< the difference, in % of the baseline's mean
  double half_width_percent = 0;  ///< the pilot's, narrowed
  bool Differs() const;           ///< the interval excludes 0
};

/// A look of the stopping rule, after a round: what compare's mixed model
/// gave each target metric. The pilot's look (the first whose widths are
/// all finite) fixes how many boots of each the experiment makes: `needed`
/// to bring every interval within the target, `asked` that capped at MAX.
/// The look at `asked` boots ends the experiment with the two-stage
/// intervals; `met` when they are within the target (asked = needed).
struct LookRecord {
  std::size_t round = 0;  ///< rounds done (boots of each configuration)
  std::size_t step = 0;   ///< the step that ended the round (0-based)
  std::vector<MetricWidth> widths;
  bool met = false;
  int needed = 0, asked = 0;               ///< the pilot's look's; 0 on the others
  std::vector<TwoStageInterval> verdicts;  ///< the last look's
};

/// --target-ci PCT[:METRIC,...] with --boots MIN..MAX: Stein's two-stage
/// rule. The first MIN boots of each are the pilot; their intervals fix the
/// number of boots that brings every one within +/-PCT.
struct TargetRule {
  double percent = 0;  ///< 0: no rule; `boots` boots of each configuration
  std::vector<std::string> metrics{"real"};
  int min_boots = 2;  ///< no look before this many rounds
};

/// The whole experiment: what `timeit boots start` was asked (kept verbatim,
/// so that every boot runs what start checked) and how far it got. A value:
/// the transitions below change it, state_file.h stores it, and only
/// boots_command.cc acts on the machine.
struct ExperimentState {
  std::vector<BootConfig> configs;
  int boots = 0;  ///< per configuration; with a target rule, the most (MAX)
  TargetRule target;
  BootOrder order = BootOrder::kAbba;
  std::uint64_t seed = 0;
  std::vector<int> plan;              ///< the configuration of each step
  std::vector<std::string> run_args;  ///< the run mode's options and command, verbatim
  std::string cwd;                    ///< where start ran: run_args' paths are relative to it
  std::string output;                 ///< the results CSV, absolute
  int runs = 0;                       ///< measured runs a step's series makes (-n)
  std::string method;                 ///< command, kexec, grub
  std::string next_boot;              ///< --next-boot's template (method command)
  std::string hook;                   ///< systemd or none: who calls resume at boot
  std::string timeit;                 ///< the timeit that resumes (the unit's ExecStart)
  std::string base_cmdline;           ///< the command line start ran under, as recorded
  int retries = 1;
  OnBootFailure on_failure = OnBootFailure::kSkip;
  double settle_seconds = 0;

  std::size_t step = 0;
  Phase phase = Phase::kArmed;
  std::string armed_on;    ///< the boot that armed the step: the next must differ
  double armed_at = 0;     ///< when, in seconds since the epoch (0: not known)
  std::string running_on;  ///< the boot whose series is under way (kRunning)
  int failed_boots = 0;    ///< wrong-kernel boots of this step so far
  std::vector<std::string> failed_configs;
  std::vector<StepRecord> records;
  std::vector<LookRecord> looks;

  const BootConfig& StepConfig() const { return configs[static_cast<std::size_t>(plan[step])]; }
  /// The command line the step's boot is given: start's, plus cmdline+=.
  std::string StepCmdline() const;
  bool Done() const { return phase == Phase::kFinished || phase == Phase::kStopped; }
  /// Whether the stopping rule ended the experiment with its intervals
  /// within the target (before MAX, or at it when the pilot asked for MAX).
  bool StoppedByTarget() const { return !looks.empty() && looks.back().met; }
  /// The pilot's look; nullptr before it.
  const LookRecord* Pilot() const;
};

/// The steps: `boots` boots of each of `configs` configurations, in
/// timeit plan's interleaved order (A B B A ...) or, with kRandom, every
/// round (one boot of each) shuffled by a mt19937_64 seeded with `seed`.
std::vector<int> PlanSteps(std::size_t configs, int boots, BootOrder order, std::uint64_t seed);

/// What the caller does after a transition.
enum class Action {
  kNothing,    ///< the experiment is over: nothing to do
  kSameBoot,   ///< the boot id did not change: the machine did not reboot
  kRunSeries,  ///< this boot is the step's: settle, run its series, FinishSeries
  kLook,       ///< a round ended: judge the results (LookAtResults), then Looked
  kArm,        ///< arm `step` (again or the next) and reboot; then Armed
  kFinish,     ///< the last step is done: disarm, write the comparison
  kStop,       ///< a configuration failed and --on-boot-failure stop: disarm
};

/// The transition of a boot: `now` is the booted machine, `runs_on_running`
/// the measured runs the CSV holds of the step's label on `running_on` (for
/// a series that a power loss cut short, or that ended before its step was
/// recorded).
Action OnBoot(ExperimentState& s, const platforms::BootFacts& now, int runs_on_running);

/// The transition of a finished series on boot `boot_id`.
Action FinishSeries(ExperimentState& s, const std::string& boot_id, int runs, int exit_status,
                    double settle_seconds);

/// The transition of a look (kLooking) that found `widths`: the first look
/// whose widths are all finite is the pilot's and fixes the boots of each
/// (BootsNeeded); the experiment finishes at that many, or at the plan's end
/// (MAX); else the next step is armed.
Action Looked(ExperimentState& s, std::vector<MetricWidth> widths);

/// The boots of each that bring an interval of half-width `half_width`
/// after `round` boots within `percent`: round * (half_width / percent)^2,
/// rounded up, at least `round` (Stein's second-stage size).
/// At most kBootsNeededMost, far beyond any MAX (a width of "unbounded").
int BootsNeeded(double half_width, std::size_t round, double percent);
inline constexpr int kBootsNeededMost = 1000000;

/// The step's boot is armed from boot `boot_id`.
void Armed(ExperimentState& s, const std::string& boot_id);

/// Whether `now` is the boot the step asked for: its release, and the
/// words the configuration adds to the command line.
bool IsStepBoot(const ExperimentState& s, const platforms::BootFacts& now);

const char* PhaseName(Phase phase);

/// The time the experiment still takes, from its measured steps: each step
/// left (its configuration not failed) a boot and a series as the means of
/// its configuration's measured steps, or of every configuration's while
/// it has none; the step under way (kRunning) its series alone.
struct TimeLeft {
  double seconds = 0;
  std::size_t steps = 0;      ///< steps left, the current one included
  double boot_seconds = 0;    ///< the mean of every measured boot
  double series_seconds = 0;  ///< and of every measured series
};
/// Nothing before a step was measured with both times, or when done.
std::optional<TimeLeft> EstimateTimeLeft(const ExperimentState& s);

}  // namespace timeit
