// timeit boots' experiment as a value: the order of its steps, every
// transition between boots, and its state file (atomic, root's alone, a
// corrupt or plantable one refused).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>

#include "wrapper/base/errors.h"
#include "wrapper/boots/boot_config.h"
#include "wrapper/boots/boot_method.h"
#include "wrapper/boots/boots_report.h"
#include "wrapper/boots/experiment_state.h"
#include "wrapper/boots/resume_hook.h"
#include "wrapper/boots/state_file.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;
using platforms::BootFacts;

ExperimentState TwoKernels(int boots = 2) {
  ExperimentState s;
  s.configs = {BootConfig{"a", "/boot/vmlinuz-6.1.0-a", "", "", "6.1.0-a", ""},
               BootConfig{"b", "/boot/vmlinuz-6.1.0-b", "/boot/initrd.img-6.1.0-b",
                          "mitigations=off", "6.1.0-b", "b.conf"}};
  s.boots = boots;
  s.plan = PlanSteps(2, boots, BootOrder::kAbba, 0);
  s.run_args = {"-n", "3", "-o", "exp.csv", "--", "true"};
  s.cwd = "/tmp";
  s.output = "/tmp/exp.csv";
  s.runs = 3;
  s.method = "command";
  s.next_boot = "echo {config}";
  s.hook = "none";
  s.base_cmdline = "root=/dev/vda ro";
  Armed(s, "boot0");
  return s;
}

BootFacts Boot(const std::string& id, const std::string& release,
               const std::string& cmdline = "root=/dev/vda ro",
               const std::string& loader_entry = "") {
  return BootFacts{id, release, cmdline, loader_entry};
}

/// Boots the step's kernel and measures it whole.
void MeasureStep(ExperimentState& s, const std::string& id) {
  const std::string release = s.StepConfig().release;
  ASSERT_EQ(OnBoot(s, Boot(id, release, s.StepCmdline()), 0), Action::kRunSeries);
}

TEST(BootsPlanTest, AbbaIsTimeitPlansOrder) {
  EXPECT_EQ(PlanSteps(2, 3, BootOrder::kAbba, 0), (std::vector<int>{0, 1, 1, 0, 0, 1}));
  EXPECT_EQ(PlanSteps(3, 2, BootOrder::kAbba, 0), (std::vector<int>{0, 1, 2, 2, 1, 0}));
}

TEST(BootsPlanTest, RandomIsBalancedPerRoundAndReplaysItsSeed) {
  const std::vector<int> plan = PlanSteps(3, 50, BootOrder::kRandom, 7);
  EXPECT_EQ(plan, PlanSteps(3, 50, BootOrder::kRandom, 7));
  EXPECT_NE(plan, PlanSteps(3, 50, BootOrder::kRandom, 8));
  ASSERT_EQ(plan.size(), 150u);
  for (std::size_t round = 0; round < 50; ++round) {
    std::vector<int> seen(plan.begin() + static_cast<long>(3 * round),
                          plan.begin() + static_cast<long>(3 * round + 3));
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(seen, (std::vector<int>{0, 1, 2})) << "round " << round;
  }
}

TEST(BootsTransitionTest, TheWholeExperimentStepByStep) {
  ExperimentState s = TwoKernels();
  EXPECT_EQ(OnBoot(s, Boot("boot0", "6.1.0-a"), 0), Action::kSameBoot) << "no reboot yet";
  MeasureStep(s, "boot1");
  EXPECT_EQ(s.phase, Phase::kRunning);
  EXPECT_EQ(s.running_on, "boot1");
  EXPECT_EQ(FinishSeries(s, "boot1", 3, 0, 1.5), Action::kArm);
  EXPECT_EQ(s.step, 1u);
  Armed(s, "boot1");
  EXPECT_EQ(s.StepCmdline(), "root=/dev/vda ro mitigations=off");
  MeasureStep(s, "boot2");
  EXPECT_EQ(FinishSeries(s, "boot2", 3, 0, 1.5), Action::kArm);
  Armed(s, "boot2");
  MeasureStep(s, "boot3");
  EXPECT_EQ(FinishSeries(s, "boot3", 3, 1, 1.5), Action::kArm) << "a failed series goes on";
  Armed(s, "boot3");
  MeasureStep(s, "boot4");
  EXPECT_EQ(FinishSeries(s, "boot4", 3, 0, 1.5), Action::kFinish);
  EXPECT_EQ(s.phase, Phase::kFinished);
  EXPECT_EQ(OnBoot(s, Boot("boot5", "6.1.0-a"), 0), Action::kNothing);
  ASSERT_EQ(s.records.size(), 4u);
  EXPECT_EQ(s.records[2].outcome, "series failed");
  EXPECT_EQ(s.records[3].settle_seconds, 1.5);
}

TEST(BootsTransitionTest, TheCommandLineMustCarryTheAddedWords) {
  ExperimentState s = TwoKernels();
  MeasureStep(s, "boot1");
  FinishSeries(s, "boot1", 3, 0, 0);
  Armed(s, "boot1");
  // b's release without mitigations=off is not b's boot.
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-b"), 0), Action::kArm);
  EXPECT_EQ(s.records.back().outcome, "wrong kernel");
  EXPECT_EQ(s.failed_boots, 1);
}

// Two entries of one kernel, told apart by the entry systemd-boot says it
// booted: the default entry it fell back to is not the step's.
TEST(BootsTransitionTest, SystemdBootsEntryMustBeTheSteps) {
  ExperimentState s = TwoKernels();
  s.method = "systemd-boot";
  s.configs[0].entry = "a.conf";
  s.configs[1] = s.configs[0];
  s.configs[1].name = "b";
  s.configs[1].entry = "b.conf";
  EXPECT_EQ(OnBoot(s, Boot("boot1", "6.1.0-a", "root=/dev/vda ro", "a.conf"), 0),
            Action::kRunSeries);
  FinishSeries(s, "boot1", 3, 0, 0);
  Armed(s, "boot1");
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a", "root=/dev/vda ro", "default.conf"), 0),
            Action::kArm);
  ASSERT_EQ(s.records.back().outcome, "wrong kernel");
  EXPECT_EQ(s.records.back().expected_entry, "b.conf");
  EXPECT_EQ(s.records.back().found_entry, "default.conf");
  Armed(s, "boot2");
  EXPECT_EQ(OnBoot(s, Boot("boot3", "6.1.0-a", "root=/dev/vda ro", "b.conf"), 0),
            Action::kRunSeries);
  // Where no entry is said (efivarfs not mounted), the release decides.
  s.configs[1].entry = "c.conf";
  EXPECT_TRUE(IsStepBoot(s, Boot("boot4", "6.1.0-a")));
  s.method = "grub";
  EXPECT_TRUE(IsStepBoot(s, Boot("boot4", "6.1.0-a", "root=/dev/vda ro", "default.conf")));
}

TEST(BootsTransitionTest, AWrongKernelIsRetriedThenItsConfigurationSkipped) {
  ExperimentState s = TwoKernels(2);  // a b b a
  s.retries = 1;
  MeasureStep(s, "boot1");
  FinishSeries(s, "boot1", 3, 0, 0);
  Armed(s, "boot1");
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a"), 0), Action::kArm) << "retried";
  EXPECT_EQ(s.step, 1u);
  Armed(s, "boot2");
  // The second wrong boot fails b; its other step (3) is skipped: a's is next.
  EXPECT_EQ(OnBoot(s, Boot("boot3", "6.1.0-a"), 0), Action::kArm);
  EXPECT_EQ(s.failed_configs, std::vector<std::string>{"b"});
  EXPECT_EQ(s.step, 3u);
  EXPECT_EQ(s.StepConfig().name, "a");
  EXPECT_EQ(s.failed_boots, 0);
  ASSERT_EQ(s.records.size(), 3u);
  EXPECT_EQ(s.records[2].expected_release, "6.1.0-b");
  EXPECT_EQ(s.records[2].found_release, "6.1.0-a");
}

TEST(BootsTransitionTest, OnBootFailureStopEndsTheExperiment) {
  ExperimentState s = TwoKernels(2);
  s.retries = 0;
  s.on_failure = OnBootFailure::kStop;
  EXPECT_EQ(OnBoot(s, Boot("boot1", "5.10.0"), 0), Action::kStop);
  EXPECT_EQ(s.phase, Phase::kStopped);
  EXPECT_EQ(s.failed_configs, std::vector<std::string>{"a"});
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a"), 0), Action::kNothing);
}

TEST(BootsTransitionTest, TheLastConfigurationFailingFinishes) {
  ExperimentState s = TwoKernels(1);  // a b
  s.retries = 0;
  MeasureStep(s, "boot1");
  FinishSeries(s, "boot1", 3, 0, 0);
  Armed(s, "boot1");
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a"), 0), Action::kFinish);
  EXPECT_EQ(s.phase, Phase::kFinished);
}

TEST(BootsTransitionTest, ASeriesCutShortIsRedoneOnAFreshBootOfItsKernel) {
  ExperimentState s = TwoKernels();
  MeasureStep(s, "boot1");
  // Power lost after 2 of 3 runs; the machine comes back on a's kernel.
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a"), 2), Action::kRunSeries);
  EXPECT_EQ(s.running_on, "boot2");
  ASSERT_EQ(s.records.size(), 1u);
  EXPECT_EQ(s.records[0].outcome, "interrupted");
  EXPECT_EQ(s.records[0].boot_id, "boot1");
  EXPECT_EQ(s.records[0].runs, 2);
  EXPECT_EQ(s.step, 0u);
}

TEST(BootsTransitionTest, ASeriesCutShortOnTheDefaultKernelIsArmedAgain) {
  ExperimentState s = TwoKernels();
  MeasureStep(s, "boot1");
  EXPECT_EQ(OnBoot(s, Boot("boot2", "5.10.0-default"), 1), Action::kArm);
  EXPECT_EQ(s.step, 0u);
  EXPECT_EQ(s.failed_boots, 0) << "a power loss is no failed boot";
  EXPECT_EQ(s.phase, Phase::kArmed);
}

TEST(BootsTransitionTest, ASeriesThatEndedUnrecordedIsNotRunAgain) {
  ExperimentState s = TwoKernels();
  MeasureStep(s, "boot1");
  // Every run is in the CSV; the machine went down before FinishSeries.
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a"), 3), Action::kArm);
  EXPECT_EQ(s.step, 1u);
  EXPECT_EQ(s.records.back().outcome, "measured");
  EXPECT_EQ(s.records.back().boot_id, "boot1");
}

/// Measures the step on boot `id`: it booted in `boot` s and ran for `series` s.
void MeasureTimedStep(ExperimentState& s, const std::string& id, double boot, double series) {
  MeasureStep(s, id);
  FinishSeries(s, id, 3, 0, 0);
  s.records.back().boot_seconds = boot;
  s.records.back().series_seconds = series;
  Armed(s, id);
}

/// TwoKernels with --boots MIN..MAX --target-ci 1%:real.
ExperimentState WithTarget(int min_boots, int max_boots) {
  ExperimentState s = TwoKernels(max_boots);
  s.target.percent = 1;
  s.target.metrics = {"real"};
  s.target.min_boots = min_boots;
  return s;
}

/// Measures the step whole on boot `id`; the transition that follows.
Action MeasureAndFinish(ExperimentState& s, const std::string& id) {
  MeasureStep(s, id);
  return FinishSeries(s, id, 3, 0, 0);
}

/// A look's widths: real's, b's difference from a `percent` % of a's mean.
std::vector<MetricWidth> Real(double half_width, double percent = 0) {
  return {{"real", half_width, {{"b", percent}}}};
}

// No look before MIN (2 rounds): the first round arms its next step as
// without a rule; the second round's end is a look, and a look within the
// target finishes the experiment there.
TEST(BootsTargetTest, ALookWithinTheTargetStops) {
  ExperimentState s = WithTarget(2, 5);
  EXPECT_EQ(MeasureAndFinish(s, "boot1"), Action::kArm);
  Armed(s, "boot1");
  EXPECT_EQ(MeasureAndFinish(s, "boot2"), Action::kArm) << "round 1 < MIN: no look";
  Armed(s, "boot2");
  EXPECT_EQ(MeasureAndFinish(s, "boot3"), Action::kArm) << "mid-round: no look";
  Armed(s, "boot3");
  EXPECT_EQ(MeasureAndFinish(s, "boot4"), Action::kLook);
  EXPECT_EQ(s.phase, Phase::kLooking);
  EXPECT_EQ(s.step, 3u) << "the step that ended the round, until the look";
  EXPECT_EQ(Looked(s, Real(0.8)), Action::kFinish);
  EXPECT_EQ(s.phase, Phase::kFinished);
  EXPECT_EQ(s.step, 4u) << "the steps made";
  EXPECT_TRUE(s.StoppedByTarget());
  ASSERT_EQ(s.looks.size(), 1u);
  EXPECT_EQ(s.looks[0].round, 2u);
  EXPECT_EQ(s.looks[0].step, 3u);
  EXPECT_TRUE(s.looks[0].met);
  EXPECT_EQ(s.looks[0].needed, 2) << "the pilot's width is within: no more boots needed";
  EXPECT_EQ(s.looks[0].asked, 2);
  EXPECT_EQ(OnBoot(s, Boot("boot5", "6.1.0-a"), 0), Action::kNothing);
  EXPECT_FALSE(EstimateTimeLeft(s)) << "over";
}

// A look that could not read an interval (NaN) is no pilot: the next
// round's look is. The pilot's widths fix the boots of each that bring every
// one within the target, round * (width / PCT)^2 rounded up (sys: 2 * 1.44
// = 2.88, so 3); the looks in between go on whatever they find, and the
// look at that many boots ends the experiment with the two-stage intervals:
// the last look's differences, the pilot's widths narrowed by sqrt(2/3).
TEST(BootsTargetTest, ThePilotsLookFixesTheBootsAndTheLastLookTheVerdict) {
  ExperimentState s = WithTarget(1, 5);
  EXPECT_EQ(MeasureAndFinish(s, "boot1"), Action::kArm);
  Armed(s, "boot1");
  EXPECT_EQ(MeasureAndFinish(s, "boot2"), Action::kLook) << "MIN 1: a look after round 1";
  EXPECT_EQ(Looked(s, Real(std::nan(""))), Action::kArm) << "not known is not within";
  EXPECT_EQ(s.Pilot(), nullptr);
  EXPECT_EQ(s.step, 2u);
  EXPECT_EQ(s.phase, Phase::kArmed);
  Armed(s, "boot2");
  EXPECT_EQ(MeasureAndFinish(s, "boot3"), Action::kArm);
  Armed(s, "boot3");
  EXPECT_EQ(MeasureAndFinish(s, "boot4"), Action::kLook);
  s.target.metrics = {"real", "sys"};
  EXPECT_EQ(Looked(s, {{"real", 0.5, {{"b", 2.0}}}, {"sys", 1.2, {{"b", 0.5}}}}), Action::kArm)
      << "sys is not within";
  EXPECT_EQ(s.step, 4u);
  ASSERT_EQ(s.looks.size(), 2u);
  EXPECT_FALSE(s.looks[0].met);
  EXPECT_FALSE(s.looks[1].met);
  EXPECT_EQ(s.looks[1].round, 2u);
  EXPECT_EQ(s.looks[1].needed, 3);
  EXPECT_EQ(s.looks[1].asked, 3);
  EXPECT_EQ(s.Pilot(), &s.looks[1]);
  EXPECT_TRUE(s.looks[1].verdicts.empty()) << "not the last look";
  Armed(s, "boot4");
  EXPECT_EQ(MeasureAndFinish(s, "boot5"), Action::kArm);
  Armed(s, "boot5");
  EXPECT_EQ(MeasureAndFinish(s, "boot6"), Action::kLook);
  // Wider than the target at round 3: no matter, the pilot fixed 3 boots.
  EXPECT_EQ(Looked(s, {{"real", 0.9, {{"b", 1.5}}}, {"sys", 1.4, {{"b", -0.25}}}}),
            Action::kFinish);
  EXPECT_EQ(s.step, 6u);
  EXPECT_TRUE(s.StoppedByTarget()) << "3 was what the pilot needed, not MAX's cap";
  const std::vector<TwoStageInterval>& v = s.looks.back().verdicts;
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].metric, "real");
  EXPECT_EQ(v[0].set, "b");
  EXPECT_EQ(v[0].percent, 1.5);
  EXPECT_DOUBLE_EQ(v[0].half_width_percent, 0.5 * std::sqrt(2.0 / 3.0));
  EXPECT_TRUE(v[0].Differs());
  EXPECT_EQ(v[1].percent, -0.25);
  EXPECT_DOUBLE_EQ(v[1].half_width_percent, 1.2 * std::sqrt(2.0 / 3.0));
  EXPECT_FALSE(v[1].Differs());
}

// The lines status shows for each look, read after the experiment: a look
// before the pilot (an unbounded width) says it went on without one, not
// that it went on to what a later pilot asked for; the pilot says what it
// asked for, capped at MAX; the verdict follows the last look.
TEST(BootsTargetTest, EachLookSaysWhatItWasWhenThePilotCameLate) {
  ExperimentState s = WithTarget(2, 3);
  for (int boot = 1; boot <= 4; ++boot) {
    const std::string id = "boot" + std::to_string(boot);
    if (MeasureAndFinish(s, id) == Action::kArm) Armed(s, id);
  }
  EXPECT_EQ(Looked(s, Real(HUGE_VAL)), Action::kArm) << "unbounded: no pilot yet";
  Armed(s, "boot4");
  for (int boot = 5; boot <= 6; ++boot) {
    const std::string id = "boot" + std::to_string(boot);
    if (MeasureAndFinish(s, id) == Action::kArm) Armed(s, id);
  }
  EXPECT_EQ(Looked(s, Real(20, -3)), Action::kFinish);
  ASSERT_EQ(s.looks.size(), 2u);
  EXPECT_EQ(LookLine(s, s.looks[0]),
            "round 2 (step 4): real unbounded: not within +/-1%, going on");
  EXPECT_EQ(LookLine(s, s.looks[1]),
            "round 3 (step 6): real +/-20%: not within +/-1%: the pilot asks for 1200 boots of "
            "each, 3 at most");
  EXPECT_EQ(VerdictLines(s),
            "two-stage verdict, 95%: the pilot's intervals (round 3) narrowed by sqrt(3/3):\n"
            "  real b: -3% +/-20%: no difference shown\n");
}

// Stein's second-stage size: at the target no more boots, never fewer than
// the pilot's, and an infinite width does not overflow.
TEST(BootsTargetTest, BootsNeededIsThePilotsScaledBySquaredWidth) {
  EXPECT_EQ(BootsNeeded(1.0, 4, 1.0), 4);
  EXPECT_EQ(BootsNeeded(0.5, 4, 1.0), 4);
  EXPECT_EQ(BootsNeeded(0, 4, 1.0), 4);
  EXPECT_EQ(BootsNeeded(std::sqrt(2.0), 4, 1.0), 8)
      << "4 * 2, not 9 for the square root's last bit";
  EXPECT_EQ(BootsNeeded(1.5, 4, 1.0), 9);
  EXPECT_GE(BootsNeeded(HUGE_VAL, 4, 1.0), 1000000);
}

// At MAX the last round's look is made and recorded, and the experiment
// ends whatever it says.
TEST(BootsTargetTest, MaxEndsTheExperimentAfterItsLook) {
  ExperimentState s = WithTarget(2, 2);
  EXPECT_EQ(MeasureAndFinish(s, "boot1"), Action::kArm);
  Armed(s, "boot1");
  EXPECT_EQ(MeasureAndFinish(s, "boot2"), Action::kArm);
  Armed(s, "boot2");
  EXPECT_EQ(MeasureAndFinish(s, "boot3"), Action::kArm);
  Armed(s, "boot3");
  EXPECT_EQ(MeasureAndFinish(s, "boot4"), Action::kLook);
  EXPECT_EQ(Looked(s, Real(3)), Action::kFinish);
  EXPECT_EQ(s.phase, Phase::kFinished);
  EXPECT_EQ(s.step, s.plan.size());
  EXPECT_FALSE(s.StoppedByTarget()) << "the pilot needed 18, MAX capped it at 2";
  ASSERT_EQ(s.looks.size(), 1u);
  EXPECT_FALSE(s.looks[0].met);
  EXPECT_EQ(s.looks[0].needed, 18);
  EXPECT_EQ(s.looks[0].asked, 2);
  ASSERT_EQ(s.looks[0].verdicts.size(), 1u) << "the last look has the verdict, capped or not";
  EXPECT_EQ(s.looks[0].verdicts[0].half_width_percent, 3);
}

// The machine went down between the round's last series and its look: the
// next boot makes the look, records no step again, and arms from there.
TEST(BootsTargetTest, ALookCutShortIsMadeAtTheNextBoot) {
  ExperimentState s = WithTarget(1, 3);
  EXPECT_EQ(MeasureAndFinish(s, "boot1"), Action::kArm);
  Armed(s, "boot1");
  EXPECT_EQ(MeasureAndFinish(s, "boot2"), Action::kLook);
  const std::size_t records = s.records.size();
  EXPECT_EQ(OnBoot(s, Boot("boot3", "6.1.0-a"), 0), Action::kLook);
  EXPECT_EQ(s.records.size(), records) << "no step recorded twice";
  EXPECT_EQ(Looked(s, Real(2)), Action::kArm);
  EXPECT_EQ(s.step, 2u);
  // A series that ended unrecorded before the power went ends its round
  // the same way: its look comes next.
  Armed(s, "boot3");
  EXPECT_EQ(MeasureAndFinish(s, "boot4"), Action::kArm);
  Armed(s, "boot4");
  MeasureStep(s, "boot5");
  EXPECT_EQ(OnBoot(s, Boot("boot6", "6.1.0-a"), 3), Action::kLook);
  EXPECT_EQ(s.records.back().outcome, "measured");
}

// A configuration skipped after its failed boots still ends its rounds:
// the look comes when the next step to run is in a later round.
TEST(BootsTargetTest, ASkippedConfigurationsRoundsStillEndInALook) {
  ExperimentState s = WithTarget(1, 3);
  s.retries = 0;
  EXPECT_EQ(MeasureAndFinish(s, "boot1"), Action::kArm);
  Armed(s, "boot1");
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a"), 0), Action::kLook)
      << "b came up on a's kernel, failed and is skipped: round 1 is over";
  EXPECT_EQ(s.failed_configs, std::vector<std::string>{"b"});
  EXPECT_EQ(Looked(s, Real(std::nan(""))), Action::kArm);
  EXPECT_EQ(s.StepConfig().name, "a") << "round 2 (b a) without b";
}

TEST(BootsTimeLeftTest, NothingIsEstimatedBeforeAStepIsMeasured) {
  ExperimentState s = TwoKernels();
  EXPECT_FALSE(EstimateTimeLeft(s));
  // A step of a state written before the times were kept.
  MeasureStep(s, "boot1");
  FinishSeries(s, "boot1", 3, 0, 0);
  EXPECT_FALSE(EstimateTimeLeft(s));
}

TEST(BootsTimeLeftTest, EachStepLeftTakesItsConfigurationsMeanBootAndSeries) {
  ExperimentState s = TwoKernels(3);  // a b b a a b
  MeasureTimedStep(s, "boot1", 40, 100);
  // b is not measured yet: its steps take every configuration's means.
  std::optional<TimeLeft> left = EstimateTimeLeft(s);
  ASSERT_TRUE(left);
  EXPECT_EQ(left->steps, 5u);
  EXPECT_DOUBLE_EQ(left->seconds, 5 * 140.0);
  MeasureTimedStep(s, "boot2", 60, 300);
  MeasureTimedStep(s, "boot3", 80, 500);
  left = EstimateTimeLeft(s);  // a a b left: a 40 + 100, b 70 + 400
  ASSERT_TRUE(left);
  EXPECT_EQ(left->steps, 3u);
  EXPECT_DOUBLE_EQ(left->seconds, 2 * 140.0 + 470.0);
  EXPECT_DOUBLE_EQ(left->boot_seconds, 60.0);
  EXPECT_DOUBLE_EQ(left->series_seconds, 300.0);
  // Booted and running: the step under way has only its series left.
  ASSERT_EQ(OnBoot(s, Boot("boot4", "6.1.0-a"), 0), Action::kRunSeries);
  EXPECT_DOUBLE_EQ(EstimateTimeLeft(s)->seconds, 100.0 + 140.0 + 470.0);
}

TEST(BootsTimeLeftTest, AFailedConfigurationsStepsAreNotCounted) {
  ExperimentState s = TwoKernels(3);
  MeasureTimedStep(s, "boot1", 40, 100);
  // b's kernel falls back twice (one retry) and b is skipped: a a left.
  EXPECT_EQ(OnBoot(s, Boot("boot2", "6.1.0-a"), 0), Action::kArm);
  Armed(s, "boot2");
  EXPECT_EQ(OnBoot(s, Boot("boot3", "6.1.0-a"), 0), Action::kArm);
  ASSERT_EQ(s.failed_configs, std::vector<std::string>{"b"});
  const std::optional<TimeLeft> left = EstimateTimeLeft(s);
  ASSERT_TRUE(left);
  EXPECT_EQ(left->steps, 2u);
  EXPECT_DOUBLE_EQ(left->seconds, 2 * 140.0);
}

class StateFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("timeit-boots-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    state_dir_ = (dir_ / "state").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  void Plant(const std::string& text) {
    std::ofstream(StatePath(state_dir_)) << text;
    ::chmod(StatePath(state_dir_).c_str(), 0600);
  }
  /// The one line ReadState throws, with its exit status.
  std::string Refusal() {
    try {
      ReadState(state_dir_);
    } catch (const Error& e) {
      EXPECT_EQ(e.exit_status(), kExitBadInput);
      return e.what();
    }
    ADD_FAILURE() << "read";
    return {};
  }
  fs::path dir_;
  std::string state_dir_;
};

TEST_F(StateFileTest, WrittenAtomicallyAsTheUsersAloneAndReadBack) {
  PrepareStateDir(state_dir_);
  ExperimentState s = TwoKernels();
  MeasureStep(s, "boot1");
  FinishSeries(s, "boot1", 3, 0, 2);
  WriteState(state_dir_, s);
  struct stat st {};
  ASSERT_EQ(::stat(state_dir_.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0700u);
  ASSERT_EQ(::stat(StatePath(state_dir_).c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(st.st_uid, ::geteuid());
  EXPECT_FALSE(fs::exists(StatePath(state_dir_) + ".new")) << "the temporary file was renamed";
  const ExperimentState back = ReadState(state_dir_);
  EXPECT_EQ(StateText(back), StateText(s));
  EXPECT_EQ(back.step, 1u);
  EXPECT_EQ(back.configs[1].cmdline_add, "mitigations=off");
  EXPECT_EQ(back.configs[1].entry, "b.conf");
  // A rewrite replaces the whole file; a stale temporary file from a crash
  // before its rename does not stop the next write.
  std::ofstream(StatePath(state_dir_) + ".new") << "half";
  Armed(s, "boot1");
  WriteState(state_dir_, s);
  EXPECT_EQ(StateText(ReadState(state_dir_)), StateText(s));
}

// The rule and its looks are stored, a width not known as null (an
// unbounded one as "unbounded"), and a
// state of a timeit before --target-ci (no such keys) reads as one
// without a rule.
TEST_F(StateFileTest, TheRuleAndItsLooksAreStoredAndOldStatesStillRead) {
  PrepareStateDir(state_dir_);
  ExperimentState s = WithTarget(1, 3);
  MeasureAndFinish(s, "boot1");
  Armed(s, "boot1");
  MeasureAndFinish(s, "boot2");
  WriteState(state_dir_, s);
  EXPECT_EQ(ReadState(state_dir_).phase, Phase::kLooking);
  s.target.metrics = {"real", "sys", "user"};
  Looked(s, {{"real", 0.25, {{"b", 0.5}}}, {"sys", std::nan(""), {}}, {"user", HUGE_VAL, {}}});
  Armed(s, "boot2");
  MeasureAndFinish(s, "boot3");
  Armed(s, "boot3");
  MeasureAndFinish(s, "boot4");
  // The pilot, and the last look: verdicts, one of a baseline mean of 0.
  Looked(s, {{"real", 0.25, {{"b", 0.5}}}, {"sys", 0.5, {{"b", HUGE_VAL}}}, {"user", 0.1, {}}});
  WriteState(state_dir_, s);
  const ExperimentState back = ReadState(state_dir_);
  EXPECT_EQ(StateText(back), StateText(s));
  EXPECT_EQ(back.target.min_boots, 1);
  EXPECT_EQ(back.target.metrics, (std::vector<std::string>{"real", "sys", "user"}));
  ASSERT_EQ(back.looks.size(), 2u);
  EXPECT_EQ(back.looks[1].asked, 2);
  ASSERT_EQ(back.looks[1].verdicts.size(), 2u);
  EXPECT_EQ(back.looks[1].verdicts[0].percent, 0.5);
  EXPECT_TRUE(std::isnan(back.looks[1].verdicts[1].percent)) << "not finite is not known";
  EXPECT_EQ(back.looks[0].widths[0].half_width_percent, 0.25);
  EXPECT_TRUE(std::isnan(back.looks[0].widths[1].half_width_percent));
  EXPECT_EQ(back.looks[0].widths[2].half_width_percent, HUGE_VAL) << "unbounded stays unbounded";

  // The state's keys are written in order, one a line at the top level.
  std::string text = StateText(TwoKernels());
  text = std::regex_replace(text, std::regex("\n  \"target\": \\{[^}]*\\},"), "");
  text = std::regex_replace(text, std::regex("\n  \"looks\": \\[\\],"), "");
  ASSERT_EQ(text.find("target"), std::string::npos) << text;
  const ExperimentState old = ParseStateText(text, "state.json");
  EXPECT_EQ(old.target.percent, 0);
  EXPECT_TRUE(old.looks.empty());
}

TEST_F(StateFileTest, ACorruptStateIsOneLineNamingTheFile) {
  PrepareStateDir(state_dir_);
  for (const std::string& text : {std::string("{\"format\": 1, \"configs\": ["), std::string(""),
                                  std::string("{\"format\": 2}")}) {
    Plant(text);
    const std::string why = Refusal();
    EXPECT_EQ(why.rfind(StatePath(state_dir_) + ": not a state of timeit boots (", 0), 0u) << why;
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  }
  // A step past the plan parses as JSON but is no state to act on.
  ExperimentState s = TwoKernels();
  std::string text = StateText(s);
  text.replace(text.find("\"step\": 0"), 9, "\"step\": 9");
  Plant(text);
  EXPECT_NE(Refusal().find("step 9 is past the plan"), std::string::npos);
}

TEST_F(StateFileTest, AStateAnotherUserCouldHaveWrittenIsRefused) {
  PrepareStateDir(state_dir_);
  WriteState(state_dir_, TwoKernels());
  ::chmod(StatePath(state_dir_).c_str(), 0666);
  EXPECT_NE(Refusal().find("state.json: owned by uid " + std::to_string(::geteuid()) +
                           " with mode 0666; refused: another user could have written it"),
            std::string::npos);
  ::chmod(StatePath(state_dir_).c_str(), 0600);
  ::chmod(state_dir_.c_str(), 0777);
  EXPECT_NE(Refusal().find("with mode 0777; refused"), std::string::npos);
  EXPECT_THROW(PrepareStateDir(state_dir_), Error) << "start refuses it too";
  ::chmod(state_dir_.c_str(), 0700);
  // A symbolic link in its place is refused, whatever it points to.
  fs::rename(StatePath(state_dir_), dir_ / "elsewhere.json");
  fs::create_symlink(dir_ / "elsewhere.json", StatePath(state_dir_));
  EXPECT_NE(Refusal().find("a symbolic link; refused"), std::string::npos);
}

TEST(BootConfigTest, ParsesPathsReleaseAndACommandLineWithCommas) {
  const BootConfig c =
      ParseBootConfig("b:kernel=/boot/vmlinuz-6.1.0-b,initrd=/boot/i,cmdline+=isolcpus=1,2 quiet");
  EXPECT_EQ(c.name, "b");
  EXPECT_EQ(c.kernel, "/boot/vmlinuz-6.1.0-b");
  EXPECT_EQ(c.initrd, "/boot/i");
  EXPECT_EQ(c.cmdline_add, "isolcpus=1,2 quiet");
  EXPECT_EQ(ParseBootConfig("x:release=7.0,kernel=k").release, "7.0");
  EXPECT_EQ(ParseBootConfig("x:kernel=k,entry=debian-6.1.conf").entry, "debian-6.1.conf");
  EXPECT_TRUE(fs::path(ParseBootConfig("x:kernel=k").kernel).is_absolute());
  for (const char* bad :
       {"a", "a:initrd=/i", "a:kernel=", "a:kernel=/k,size=3", ":kernel=/k", "a b:kernel=/k"})
    EXPECT_THROW(ParseBootConfig(bad), UsageError) << bad;
}

TEST(BootConfigTest, ReleaseFromTheFileName) {
  EXPECT_EQ(KernelReleaseOf("/boot/vmlinuz-6.1.0-18-amd64"), "6.1.0-18-amd64");
  EXPECT_EQ(KernelReleaseOf("/srv/Image-6.6.1-arm64"), "6.6.1-arm64");
  EXPECT_EQ(KernelReleaseOf("/nonexistent/bzImage"), "");
  EXPECT_TRUE(CmdlineHasWords("root=/dev/vda ro mitigations=off", "mitigations=off ro"));
  EXPECT_FALSE(CmdlineHasWords("root=/dev/vda ro mitigations=offx", "mitigations=off"));
}

TEST(BootMethodTest, NextBootValuesAreQuotedForTheShell) {
  const BootConfig c{"a", "/boot/vmlinuz 1", "", "", "6.1", ""};
  EXPECT_EQ(SubstituteNextBoot("harness {config} {kernel} --cmdline {cmdline} {initrd}", c,
                               "root=/dev/vda it's"),
            "harness a '/boot/vmlinuz 1' --cmdline 'root=/dev/vda it'\\''s' ''");
}

TEST(BootMethodTest, KexecLoadsTheStepsKernelInitrdAndCommandLine) {
  ExperimentState s = TwoKernels();
  s.method = "kexec";
  s.step = 1;
  const std::vector<std::string> lines = ArmLines(s);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0],
            "kexec -l /boot/vmlinuz-6.1.0-b --initrd=/boot/initrd.img-6.1.0-b "
            "'--command-line=root=/dev/vda ro mitigations=off'");
  EXPECT_TRUE(lines[1] == "systemctl kexec" || lines[1] == "kexec -e") << lines[1];
  EXPECT_EQ(DisarmLines(s), std::vector<std::string>{"kexec -u"});
}

TEST(ResumeHookTest, TheUnitRunsThisTimeitOnTheExperimentsState) {
  ExperimentState s = TwoKernels();
  s.timeit = "/opt/timeit/bin/timeit";
  s.hook = "systemd";
  const std::string unit = UnitText(s, "/var/lib/timeit/k");
  EXPECT_NE(unit.find("\nExecStart=/opt/timeit/bin/timeit boots resume --state-dir "
                      "/var/lib/timeit/k\n"),
            std::string::npos)
      << unit;
  EXPECT_NE(unit.find("\nType=oneshot\n"), std::string::npos);
  EXPECT_NE(unit.find("\nConditionPathExists=/var/lib/timeit/k/state.json\n"), std::string::npos);
  EXPECT_EQ(unit.find('@'), std::string::npos) << "every placeholder replaced";
  EXPECT_EQ(HookInstallLines(s),
            (std::vector<std::string>{"systemctl daemon-reload",
                                      "systemctl enable timeit-boots.service"}));
  EXPECT_EQ(HookRemoveLines(s).front(), "systemctl disable timeit-boots.service");
  s.hook = "none";
  EXPECT_TRUE(HookInstallLines(s).empty());
  EXPECT_TRUE(HookRemoveLines(s).empty());
}

TEST(BootMethodTest, GrubDefaultAndTheKernelsMenuEntry) {
  EXPECT_EQ(GrubDefault("GRUB_DEFAULT=0\nGRUB_TIMEOUT=5\n"), "0");
  EXPECT_EQ(GrubDefault("GRUB_DEFAULT=0\n# later\nGRUB_DEFAULT=\"saved\"\n"), "saved");
  EXPECT_EQ(GrubDefault("GRUB_TIMEOUT=5\n"), "");
  // The shape of Debian 12's update-grub output.
  const std::string cfg =
      R"(menuentry 'Debian GNU/Linux' --class debian $menuentry_id_option 'gnulinux-simple-1' {
	linux	/boot/vmlinuz-6.1.0-18-amd64 root=UUID=1 ro quiet
}
submenu 'Advanced options for Debian GNU/Linux' $menuentry_id_option 'gnulinux-advanced-1' {
	menuentry 'Debian GNU/Linux, with Linux 6.6.0-test' --class debian 'gnulinux-6.6.0-test-advanced-1' {
		linux	/boot/vmlinuz-6.6.0-test root=UUID=1 ro quiet
	}
	menuentry 'Debian GNU/Linux, with Linux 6.6.0-test (recovery mode)' {
		linux	/boot/vmlinuz-6.6.0-test root=UUID=1 ro single
	}
}
)";
  EXPECT_EQ(GrubEntry(cfg, "vmlinuz-6.1.0-18-amd64"), "Debian GNU/Linux");
  EXPECT_EQ(GrubEntry(cfg, "vmlinuz-6.6.0-test"),
            "Advanced options for Debian GNU/Linux>Debian GNU/Linux, with Linux 6.6.0-test");
  EXPECT_EQ(GrubEntry(cfg, "vmlinuz-7"), "");
}

// What systemd 252's `bootctl --no-pager list --json=short 2>&1` printed
// for an ESP holding a kernel-install entry (Debian's systemd-boot: the
// image is `linux` in a folder of the release) and a hand-written one, on
// a machine not booted through UEFI (its message comes first).
// clang-format off
constexpr const char* kBootctlList =
    "Not booted with UEFI.\n"
    "{\"id\":\"0123456789abcdef0123456789abcdef-6.1.0-18-amd64.conf\","
    "\"path\":\"/efi/loader/entries/0123456789abcdef0123456789abcdef-6.1.0-18-amd64.conf\","
    "\"root\":\"/efi\",\"title\":\"Debian GNU/Linux 12 (bookworm)\","
    "\"showTitle\":\"Debian GNU/Linux 12 (bookworm)\",\"sortKey\":\"debian\","
    "\"version\":\"6.1.0-18-amd64\",\"machineId\":\"0123456789abcdef0123456789abcdef\","
    "\"options\":\"root=/dev/vda1 ro quiet\",\"linux\":\"/0123456789abcdef0123456789abcdef/6.1.0-18-amd64/linux\","
    "\"initrd\":[\"/0123456789abcdef0123456789abcdef/6.1.0-18-amd64/initrd.img-6.1.0-18-amd64\"]}"
    "\n"
    "{\"id\":\"test.conf\",\"path\":\"/efi/loader/entries/test.conf\","
    "\"root\":\"/efi\",\"title\":\"test\",\"showTitle\":\"test\",\"options\":\"console=ttyS0\","
    "\"linux\":\"/vmlinuz-6.6.0-test\"}"
    "\n";
// clang-format on

TEST(BootMethodTest, SystemdBootEntryOfTheKernelsFileOrRelease) {
  const auto config = [](const std::string& kernel, const std::string& release) {
    return BootConfig{"a", kernel, "", "", release, ""};
  };
  EXPECT_EQ(SystemdBootEntry(kBootctlList, config("/boot/vmlinuz-6.6.0-test", "6.6.0-test")),
            "test.conf");
  EXPECT_EQ(
      SystemdBootEntry(kBootctlList, config("/boot/vmlinuz-6.1.0-18-amd64", "6.1.0-18-amd64")),
      "0123456789abcdef0123456789abcdef-6.1.0-18-amd64.conf");
  EXPECT_EQ(SystemdBootEntry(kBootctlList, config("/boot/vmlinuz-7", "7")), "");
  EXPECT_EQ(SystemdBootEntry("Couldn't find EFI system partition.\n{\"id\": 3}\n{broken\n",
                             config("/boot/vmlinuz-7", "7")),
            "");
}

}  // namespace
}  // namespace timeit
