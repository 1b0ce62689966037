// timeit plan as a user meets it: a pilot of three boots of one kernel, its
// costs from the start and boot_id columns, and the bad pilots (one boot,
// no boot_id, two kernels, no times) as one line and exit status 2.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

// Three boots of four runs, two seconds apart; 60 s from a boot's last
// run's end (its start plus real) to the next boot's first run.
const double kReal[3][4] = {
    {1.00, 1.01, 0.99, 1.00}, {1.05, 1.06, 1.04, 1.05}, {0.97, 0.98, 0.96, 0.97}};

std::string Start(double seconds) {
  const int whole = static_cast<int>(seconds);
  const int ms = static_cast<int>((seconds - whole) * 1000 + 0.5);
  return fmt::format("2026-12-01T10:{:02}:{:02}.{:03}Z", whole / 60, whole % 60, ms);
}

std::string Pilot(int boots, bool with_boot_id = true, bool with_start = true) {
  std::string text = fmt::format("label,run,warmup,{}status,real{}\n", with_start ? "start," : "",
                                 with_boot_id ? ",boot_id" : "");
  double t = 0;
  int run = 0;
  for (int b = 0; b < boots; ++b) {
    for (int r = 0; r < 4; ++r) {
      text += fmt::format("k,{},0,{}0,{}{}\n", ++run, with_start ? Start(t) + "," : "", kReal[b][r],
                          with_boot_id ? fmt::format(",boot-{}", b + 1) : "");
      if (r < 3) t += 2;
    }
    t += kReal[b][3] + 60;
  }
  return text;
}

// The variance components are R's: lme(real ~ 1, random = ~1 | boot) gives
// boot sd 3.99415% and run sd 0.811089% of the mean (1.007), 96% between
// boots; Kalibera and Jones: ceiling(sqrt(60 * s^2 / (2 * sb^2))) = 2 runs per
// boot; and the fewest boots b with qt(.975, 2b - 2) * sqrt(2 (sb^2 + s^2/2)
// / b) <= 5%: 7 (4.699397%), 7 * (60 + 2 * 2) s = 7 min 28 s.
TEST(PlanTest, ThreeBootsOfOneKernel) {
  TempDir dir;
  dir.Write("pilot.csv", Pilot(3));
  const ProcessResult r = RunTimeit({"plan", "--target-ci", "5", "pilot.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("Plan from a pilot of 3 boots of k (12 runs)\n"
                       "a boot costs 1 min 00 s (measured from 2 reboots), a run 2 s\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nreal    1.007    3.99%  0.811%            96%          2             7   "
                       "+/-4.7%   7 min 28 s\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find(
          "(7 boots each, 2 runs per boot): A B B A, repeated: A B B A A B B A A B B A ...\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("timeit -n 2 -o A.csv"), std::string::npos) << r.out;
}

// A pilot with counting runs (the `role` column): each boot's four timing
// runs alternate with three counting runs, whose `real` (slowed by the
// counters, 5 s here) is not the metric's. The variance components are the
// ones above; a boot now costs its reboot and its three counting runs,
// 60 + 3 * 2 = 66 s, so ceiling(sqrt(66 * s^2 / (2 * sb^2))) = 2 runs per
// boot (each with its counting run: 2 of the 3), 7 boots, and
// 7 * (60 + (2 + 2) * 2) s = 7 min 56 s.
TEST(PlanTest, CountingRunsAreABootsCostNotARuns) {
  std::string text = "label,run,warmup,start,status,real,syscalls,boot_id,role\n";
  double t = 0;
  int run = 0;
  for (int b = 0; b < 3; ++b) {
    for (int r = 0; r < 7; ++r) {
      const bool counting = r % 2 == 1;
      text += fmt::format("k,{},0,{},0,{},{},boot-{},{}\n", ++run, Start(t),
                          counting ? 5.0 : kReal[b][r / 2], counting ? "1000" : "", b + 1,
                          counting ? "count" : "time");
      if (r < 6) t += 2;
    }
    t += kReal[b][3] + 60;
  }
  TempDir dir;
  dir.Write("pilot.csv", text);
  const ProcessResult r = RunTimeit({"plan", "--target-ci", "5", "pilot.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("Plan from a pilot of 3 boots of k (21 runs, 9 of them counting runs)\n"
                       "a boot costs 1 min 00 s (measured from 2 reboots), 1 min 06 s with its 3 "
                       "counting runs, a run 2 s\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nreal    1.007    3.99%  0.811%            96%          2             7   "
                       "+/-4.7%   7 min 56 s\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("timeit -n 2 --counting-runs 3 -o A.csv"), std::string::npos) << r.out;
}

TEST(PlanTest, BootCostGivenInsteadOfMeasured) {
  TempDir dir;
  dir.Write("pilot.csv", Pilot(3, true, false));
  const ProcessResult none = RunTimeit({"plan", "pilot.csv"}, "", dir.path());
  EXPECT_EQ(none.exit_status, 2);
  EXPECT_EQ(none.err,
            "timeit: pilot.csv: cannot measure what a boot costs: no start times on both sides of "
            "a reboot; give --boot-cost SECONDS\n");
  const ProcessResult given =
      RunTimeit({"plan", "--boot-cost", "120", "pilot.csv"}, "", dir.path());
  ASSERT_EQ(given.exit_status, 0) << given.err;
  // Without start times a run costs its mean real, 1.003 s.
  EXPECT_NE(given.out.find("a boot costs 2 min 00 s (--boot-cost), a run 1 s\n"), std::string::npos)
      << given.out;
}

TEST(PlanTest, BadPilotsAreOneLineAndExit2) {
  TempDir dir;
  dir.Write("one.csv", Pilot(1));
  dir.Write("anonymous.csv", Pilot(3, false));
  dir.Write("two.csv", Pilot(3) + "other,13,0,2026-12-01T11:00:00.000Z,0,1.1,boot-9\n");
  const struct {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"plan", "one.csv"},
       "timeit: one.csv: the pilot has one boot (boot_id boot-1); plan needs two or more boots "
       "of one kernel to tell the variance between boots from that between runs: reboot and "
       "append to the same file (within one boot, the run mode's --target-ci stops when the "
       "interval is narrow enough)\n"},
      {{"plan", "anonymous.csv"},
       "timeit: anonymous.csv: the pilot has one boot (its rows carry no boot_id); plan needs "
       "two or more boots of one kernel to tell the variance between boots from that between "
       "runs: reboot and append to the same file (within one boot, the run mode's --target-ci "
       "stops when the interval is narrow enough)\n"},
      {{"plan", "two.csv"},
       "timeit: two.csv: plan takes the pilot of one kernel; two.csv holds 2 sets ('k', "
       "'other'): give the files of one\n"},
      {{"plan", "-m", "sys", "one.csv"}, "timeit: plan: -m 'sys': no such metric in one.csv\n"},
      {{"plan", "--target-ci", "0", "one.csv"},
       "timeit: plan: --target-ci: expected a percentage above 0, got '0' (see timeit plan "
       "--help)\n"},
      {{"plan"}, "timeit: plan: no pilot series (see timeit plan --help)\n"},
  };
  for (const auto& c : cases) {
    const ProcessResult r = RunTimeit(c.args, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << c.args.back();
    EXPECT_EQ(r.err, c.err);
    EXPECT_EQ(r.out, "");
  }
}

}  // namespace
}  // namespace timeit::testing
