// timeit boots as a user (and a boot loader) meets it: an experiment driven
// through --via command, whose --next-boot records what it was asked, while
// the test plays each reboot with TIMEIT_BOOT_ID, TIMEIT_KERNEL_RELEASE and
// TIMEIT_KERNEL_CMDLINE and calls `timeit boots resume` as the unit would.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/cli/scoped_env.h"
#include "tests/cli/summary_csv.h"

namespace timeit::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kBaseCmdline = "root=/dev/vda ro";

/// What --next-boot was asked, one line per arming: config|kernel|release|cmdline.
struct Asked {
  std::string config, kernel, release, cmdline;
};

class BootsExperiment {
 public:
  BootsExperiment() {
    kernel_a_ = dir_.Write("vmlinuz-6.1.0-a", "not a kernel");
    kernel_b_ = dir_.Write("vmlinuz-6.1.0-b", "not a kernel");
    state_ = dir_.path() / "state";
    asked_ = dir_.path() / "asked.txt";
    csv_ = dir_.path() / "exp.csv";
    ::setenv("TIMEIT_KERNEL_CMDLINE", kBaseCmdline, 1);
  }
  ~BootsExperiment() {
    ::unsetenv("TIMEIT_BOOT_ID");
    ::unsetenv("TIMEIT_KERNEL_RELEASE");
    ::unsetenv("TIMEIT_KERNEL_CMDLINE");
  }
  BootsExperiment(const BootsExperiment&) = delete;
  BootsExperiment& operator=(const BootsExperiment&) = delete;

  /// start's words: two configurations (b adds mitigations=off), the
  /// recording --next-boot, then `more` and the run options and command.
  std::vector<std::string> StartArgs(const std::vector<std::string>& more,
                                     const std::vector<std::string>& command = {"true"}) const {
    std::vector<std::string> args = {
        "boots",
        "start",
        "--state-dir",
        state_.string(),
        "--hook",
        "none",
        "--settle",
        "0",
        "--via",
        "command",
        "--next-boot",
        "printf '%s|%s|%s|%s\\n' {config} {kernel} {release} {cmdline} >> " + asked_.string(),
        "--config",
        "a:kernel=" + kernel_a_.string(),
        "--config",
        "b:kernel=" + kernel_b_.string() + ",cmdline+=mitigations=off"};
    args.insert(args.end(), more.begin(), more.end());
    for (const std::string w : {"-n", "3", "-w", "0", "-q", "-o"}) args.push_back(w);
    args.push_back(csv_.string());
    args.push_back("--");
    args.insert(args.end(), command.begin(), command.end());
    return args;
  }

  ProcessResult Start(const std::vector<std::string>& more = {"--boots", "2"},
                      const std::vector<std::string>& command = {"true"}) {
    ::setenv("TIMEIT_BOOT_ID", "boot0", 1);
    return RunTimeit(StartArgs(more, command));
  }

  /// The boot loader: boots boot `id` into what --next-boot was last asked
  /// (or into `release` instead, a kernel that fell back), and the unit
  /// calls resume.
  ProcessResult Boot(const std::string& id, const std::string& release = "") {
    const Asked last = AskedLines().back();
    ::setenv("TIMEIT_BOOT_ID", id.c_str(), 1);
    ::setenv("TIMEIT_KERNEL_RELEASE", (release.empty() ? last.release : release).c_str(), 1);
    ::setenv("TIMEIT_KERNEL_CMDLINE", (release.empty() ? last.cmdline : kBaseCmdline).c_str(), 1);
    return Resume();
  }

  ProcessResult Resume() { return RunTimeit({"boots", "resume", "--state-dir", state_.string()}); }
  ProcessResult Status() { return RunTimeit({"boots", "status", "--state-dir", state_.string()}); }

  std::vector<Asked> AskedLines() const {
    std::vector<Asked> lines;
    std::istringstream in(fs::exists(asked_) ? ReadFile(asked_) : "");
    for (std::string line; std::getline(in, line);) {
      Asked a;
      std::istringstream fields(line);
      std::getline(fields, a.config, '|');
      std::getline(fields, a.kernel, '|');
      std::getline(fields, a.release, '|');
      std::getline(fields, a.cmdline);
      lines.push_back(a);
    }
    return lines;
  }

  std::vector<std::string> AskedConfigs() const {
    std::vector<std::string> names;
    for (const Asked& a : AskedLines()) names.push_back(a.config);
    return names;
  }

  /// label -> boot id -> measured runs of `role` (a step's -n are its
  /// timing runs; the default counters add counting runs), from the CSV.
  std::map<std::string, std::map<std::string, int>> RunsByBoot(
      const std::string& role = "time") const {
    const RunsTable t = ReadRuns(csv_);
    const auto label = ColumnOf(t, "label"), boot = ColumnOf(t, "boot_id"),
               roles = ColumnOf(t, "role");
    std::map<std::string, std::map<std::string, int>> runs;
    for (std::size_t r = 0; r < label.size(); ++r)
      if (roles.at(r) == role) ++runs[label[r]][boot[r]];
    return runs;
  }

  TempDir dir_;
  fs::path kernel_a_, kernel_b_, state_, asked_, csv_;
};

TEST(BootsCliTest, TwoKernelsTwoBootsEachUnattendedInAbbaOrder) {
  BootsExperiment e;
  const ProcessResult start = e.Start();
  ASSERT_EQ(start.exit_status, 0) << start.err;
  ASSERT_EQ(e.AskedConfigs(), std::vector<std::string>{"a"}) << "start armed the first step";
  EXPECT_FALSE(fs::exists(e.csv_)) << "nothing measured before the first reboot";
  for (const std::string id : {"boot1", "boot2", "boot3", "boot4"}) {
    const ProcessResult r = e.Boot(id);
    ASSERT_EQ(r.exit_status, 0) << id << ": " << r.err;
  }
  EXPECT_EQ(e.AskedConfigs(), (std::vector<std::string>{"a", "b", "b", "a"}));
  const std::vector<Asked> asked = e.AskedLines();
  EXPECT_EQ(asked[0].kernel, e.kernel_a_.string());
  EXPECT_EQ(asked[0].release, "6.1.0-a");
  EXPECT_EQ(asked[0].cmdline, kBaseCmdline);
  EXPECT_EQ(asked[1].release, "6.1.0-b");
  EXPECT_EQ(asked[1].cmdline, std::string(kBaseCmdline) + " mitigations=off");

  using Boots = std::map<std::string, int>;
  EXPECT_EQ(e.RunsByBoot(), (std::map<std::string, Boots>{{"a", {{"boot1", 3}, {"boot4", 3}}},
                                                          {"b", {{"boot2", 3}, {"boot3", 3}}}}));
  // Each step's series counted its per-event counters in 3 runs of their own.
  EXPECT_EQ(e.RunsByBoot("count"), e.RunsByBoot());
  const RunsTable t = ReadRuns(e.csv_);
  for (const std::string& m : ColumnOf(t, "boot_method")) EXPECT_EQ(m, "command");
  const auto label = ColumnOf(t, "label"), release = ColumnOf(t, "kernel_release"),
             run = ColumnOf(t, "run");
  std::set<std::string> runs;
  for (std::size_t r = 0; r < label.size(); ++r) {
    EXPECT_EQ(release[r], "6.1.0-" + label[r]);
    EXPECT_TRUE(runs.insert(label[r] + run[r]).second) << "run " << run[r] << " of " << label[r];
  }

  const fs::path comparison = e.dir_.path() / "exp.compare.txt";
  ASSERT_TRUE(fs::exists(comparison)) << "the comparison beside the CSV";
  const std::string text = ReadFile(comparison);
  EXPECT_NE(text.find("x a.real"), std::string::npos) << text;
  EXPECT_NE(text.find("+ b.real"), std::string::npos) << text;
  // Beside it the summary CSV and the HTML report, as compare writes them
  // of the same CSV.
  const ProcessResult own =
      RunTimeit({"compare", "-q", "--csv", (e.dir_.path() / "own.csv").string(), e.csv_.string()});
  ASSERT_EQ(own.exit_status, 0) << own.err;
  EXPECT_EQ(ReadFile(e.dir_.path() / "exp.compare.csv"), ReadFile(e.dir_.path() / "own.csv"));
  EXPECT_NE(ReadFile(e.dir_.path() / "exp.compare.html").find("<svg"), std::string::npos);
  const ProcessResult status = e.Status();
  EXPECT_EQ(status.exit_status, 0);
  EXPECT_NE(status.out.find("plan: a b b a\nfinished after 4 of 4 steps\n"), std::string::npos)
      << status.out;
  EXPECT_EQ(Occurrences(status.out, ": measured 3 runs, settled 0 s"), 4) << status.out;
  for (const char* suffix : {".txt\n", ".html\n", ".csv\n"})
    EXPECT_NE(status.out.find("comparison: " + (e.dir_.path() / "exp.compare").string() + suffix),
              std::string::npos)
        << status.out;
  // The unit at a later boot finds nothing left to do.
  const ProcessResult again = e.Boot("boot5");
  EXPECT_EQ(again.exit_status, 0);
  EXPECT_NE(again.err.find("is over"), std::string::npos) << again.err;
  EXPECT_EQ(e.AskedLines().size(), 4u);
}

/// A command printing score=N: 100 on a and `b_base` on b, plus the boot's
/// number (TIMEIT_BOOT_ID bootN) mod 3 times `spread` (each boot's own
/// level), plus a tenth of its pid's last digit (runs differ a little).
std::vector<std::string> ScoreCommand(int b_base, int spread) {
  return Sh("n=${TIMEIT_BOOT_ID#boot}; case \"$TIMEIT_KERNEL_RELEASE\" in *-b) base=" +
            std::to_string(b_base) + ";; *) base=100;; esac; echo score=$((base + n % 3 * " +
            std::to_string(spread) + ")).$(($$ % 10))");
}

/// Boots until resume says the experiment is over (at most `most` boots);
/// the boots made.
int BootToTheEnd(BootsExperiment& e, int most) {
  for (int boot = 1; boot <= most; ++boot) {
    const ProcessResult r = e.Boot("boot" + std::to_string(boot));
    EXPECT_EQ(r.exit_status, 0) << r.err;
    if (r.out.find("finished after") != std::string::npos) return boot;
  }
  return most + 1;
}

// b scores twice a's, with boots that differ by 1 in 100: at MIN (2 rounds)
// the mixed model's interval of score's difference is already within 20%,
// so the pilot needs no more boots and the experiment ends there, 4 of its
// 8 boots made. The look's width is the summary's: compare's interval of the
// same CSV; the two-stage verdict is compare's difference with that width.
TEST(BootsCliTest, TargetCiStopsAtMinWhenTheIntervalIsNarrowEnough) {
  BootsExperiment e;
  const ProcessResult start =
      e.Start({"--boots", "2..4", "--target-ci", "20:score", "--metric", "score=score=([0-9.]+)"},
              ScoreCommand(200, 1));
  ASSERT_EQ(start.exit_status, 0) << start.err;
  EXPECT_EQ(BootToTheEnd(e, 8), 4);
  EXPECT_EQ(e.AskedConfigs(), (std::vector<std::string>{"a", "b", "b", "a"}));
  const ProcessResult status = e.Status();
  EXPECT_NE(status.out.find("8 boots at most: 4 of each of a, b"), std::string::npos) << status.out;
  EXPECT_NE(status.out.find("stopping rule: --target-ci 20% of score, two-stage: the intervals "
                            "after 2 boots of each (the pilot;"),
            std::string::npos)
      << status.out;
  EXPECT_NE(status.out.find("finished after 4 of 8 steps, the stopping rule met at round 2\n"),
            std::string::npos)
      << status.out;
  const std::smatch look = [&] {
    std::smatch m;
    std::regex_search(status.out, m,
                      std::regex("looks:\n  round 2 \\(step 4\\): score \\+/-([0-9.e+-]+)%: "
                                 "within \\+/-20%, stopped\n"));
    return m;
  }();
  ASSERT_FALSE(look.empty()) << status.out;
  // compare's summary of the CSV: the interval's wider side is the look's.
  const ProcessResult own =
      RunTimeit({"compare", "-q", "-m", "score", "--csv", "-", e.csv_.string()});
  ASSERT_EQ(own.exit_status, 0) << own.err;
  std::map<std::string, std::string> row = SummaryRow(own.out, "score", "b");
  const double estimate = std::stod(row["difference_percent"]);
  const double low = std::stod(row["ci_low_percent"]);
  const double high = std::stod(row["ci_high_percent"]);
  EXPECT_EQ(row["test"], "mixed model");
  EXPECT_NEAR(std::stod(look[1]), std::max(high - estimate, estimate - low), 0.01) << status.out;
  EXPECT_GT(estimate, 90) << "b's score is twice a's";
  std::smatch verdict;
  ASSERT_TRUE(std::regex_search(
      status.out, verdict,
      std::regex("two-stage verdict, 95%: the pilot's intervals \\(round 2\\) narrowed by "
                 "sqrt\\(2/2\\):\n  score b: \\+([0-9.e+-]+)% \\+/-([0-9.e+-]+)%: differs\n")))
      << status.out;
  EXPECT_NEAR(std::stod(verdict[1]), estimate, 0.01 * estimate) << status.out;
  EXPECT_NEAR(std::stod(verdict[2]), std::stod(look[1]), 0.01 * std::stod(look[1]));
  EXPECT_TRUE(fs::exists(e.dir_.path() / "exp.compare.txt"));
}

// The same scores on both kernels, with boots 20 in 100 apart: the pilot's
// interval (2 rounds) would need far more boots than MAX to come within 1%,
// and the experiment runs to MAX (3 rounds), looking after rounds 2 and 3;
// the verdict narrows the pilot's interval to the 3 boots made.
TEST(BootsCliTest, TargetCiRunsToMaxWhenTheIntervalStaysWide) {
  BootsExperiment e;
  const ProcessResult start =
      e.Start({"--boots", "2..3", "--target-ci", "1:score", "--metric", "score=score=([0-9.]+)"},
              ScoreCommand(100, 10));
  ASSERT_EQ(start.exit_status, 0) << start.err;
  EXPECT_EQ(BootToTheEnd(e, 8), 6);
  EXPECT_EQ(e.AskedConfigs(), (std::vector<std::string>{"a", "b", "b", "a", "a", "b"}));
  const ProcessResult status = e.Status();
  EXPECT_NE(status.out.find("finished after 6 of 6 steps\n"), std::string::npos) << status.out;
  EXPECT_TRUE(std::regex_search(
      status.out,
      std::regex(
          "looks:\n  round 2 \\(step 4\\): score \\+/-[0-9.e+]+%: not within \\+/-1%: "
          "the pilot asks for (at least )?[0-9]+ boots of each, 3 at most\n  round 3 \\(step 6\\): "
          "score \\+/-[0-9.e+]+%: the 3 boots of each the pilot asked for, stopped\n"
          "two-stage verdict, 95%: the pilot's intervals \\(round 2\\) narrowed by "
          "sqrt\\(2/3\\):\n  score b: [+-][0-9.e+-]+% \\+/-[0-9.e+-]+%: ")))
      << status.out;
}

// A range of boots without the rule, and --plan with -n, are refused
// before anything is armed.
TEST(BootsCliTest, TargetCiOptionsAreCheckedAtStart) {
  BootsExperiment e;
  const ProcessResult range = e.Start({"--boots", "2..4"});
  EXPECT_EQ(range.exit_status, 2);
  EXPECT_NE(range.err.find("--boots MIN..MAX goes with --target-ci"), std::string::npos)
      << range.err;
  const ProcessResult backwards = e.Start({"--boots", "4..2", "--target-ci", "5"});
  EXPECT_EQ(backwards.exit_status, 2);
  EXPECT_NE(backwards.err.find("MIN <= MAX"), std::string::npos) << backwards.err;
  // A metric the runs do not record would leave the rule nothing to read:
  // the experiment would run to its most boots.
  const ProcessResult typo = e.Start({"--boots", "2..4", "--target-ci", "5:real,task-clok"});
  EXPECT_EQ(typo.exit_status, 2);
  EXPECT_EQ(typo.err,
            "timeit: --target-ci: a series of these run options records no 'task-clok'; did you "
            "mean 'task-clock'?\n");
  // One that only a run option adds is there with it.
  const ProcessResult output = e.Start(
      {"--boots", "2..4", "--target-ci", "5:score", "--dry-run", "--metric", "score=s=([0-9]+)"});
  EXPECT_EQ(output.exit_status, 0) << output.err;
  EXPECT_TRUE(e.AskedLines().empty());
}

// --plan: plan_test.cc's pilot (three boots of four runs, 60 s a reboot),
// for which timeit plan says 2 runs per boot and 7 boots a kernel at
// +/-5%: the run gets -n 2, the rule 4..14 boots; -n beside it is refused.
TEST(BootsCliTest, PlanGivesTheRunsPerBootAndTheBoots) {
  BootsExperiment e;
  const double real[3][4] = {
      {1.00, 1.01, 0.99, 1.00}, {1.05, 1.06, 1.04, 1.05}, {0.97, 0.98, 0.96, 0.97}};
  std::string pilot = "label,run,warmup,start,status,real,boot_id\n";
  double at = 0;
  for (int b = 0; b < 3; ++b) {
    for (int r = 0; r < 4; ++r) {
      const int whole = static_cast<int>(at), ms = static_cast<int>((at - whole) * 1000 + 0.5);
      char start[64];
      std::snprintf(start, sizeof start, "2026-12-01T10:%02d:%02d.%03dZ", whole / 60, whole % 60,
                    ms);
      pilot += "k," + std::to_string(4 * b + r + 1) + ",0," + start + ",0," +
               std::to_string(real[b][r]) + ",boot-" + std::to_string(b + 1) + "\n";
      if (r < 3) at += 2;
    }
    at += real[b][3] + 60;
  }
  const fs::path file = e.dir_.Write("pilot.csv", pilot);
  std::vector<std::string> args =
      e.StartArgs({"--plan", file.string(), "--target-ci", "5", "--dry-run"});
  const auto n = std::find(args.begin(), args.end(), "-n");
  args.erase(n, n + 2);
  ::setenv("TIMEIT_BOOT_ID", "boot0", 1);
  const ProcessResult r = RunTimeit(args);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.err.find("--plan " + file.string() + ": -n 2, --boots 4..14 (real needs 7 boots"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("28 boots at most: 14 of each of a, b"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the intervals after 4 boots of each (the pilot;"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("$ timeit --label NAME -n 2 -w 0"), std::string::npos) << r.out;
  const ProcessResult both =
      RunTimeit(e.StartArgs({"--plan", file.string(), "--target-ci", "5", "--dry-run"}));
  EXPECT_EQ(both.exit_status, 2);
  EXPECT_NE(both.err.find("--plan gives the runs per boot: drop -n"), std::string::npos)
      << both.err;
}

TEST(BootsCliTest, StatusEstimatesTheTimeLeftFromTheMeasuredBootsAndSeries) {
  BootsExperiment e;
  ASSERT_EQ(e.Start().exit_status, 0);
  ProcessResult status = e.Status();
  EXPECT_NE(status.out.find("\ntime left: not known until a step is measured\n"), std::string::npos)
      << status.out;
  for (const std::string id : {"boot1", "boot2"}) ASSERT_EQ(e.Boot(id).exit_status, 0);
  status = e.Status();
  // Two of a b b a measured: b a left, each as long as its configuration's.
  const std::regex left(R"(\ntime left: about (\d+ s|\d+m\d\ds), 2 steps \(so far a boot )"
                        R"(took (\d+ s|\d+m\d\ds) and a series (\d+ s|\d+m\d\ds)\)\n)");
  EXPECT_TRUE(std::regex_search(status.out, left)) << status.out;
  // Each measured boot says how long it took from its arming, and its series.
  const std::regex measured(R"(: measured 3 runs, settled 0 s, booted in (\d+ s|\d+m\d\ds), )"
                            R"(series (\d+ s|\d+m\d\ds)\n)");
  EXPECT_EQ(std::distance(std::sregex_iterator(status.out.begin(), status.out.end(), measured),
                          std::sregex_iterator()),
            2)
      << status.out;
  for (const std::string id : {"boot3", "boot4"}) ASSERT_EQ(e.Boot(id).exit_status, 0);
  EXPECT_EQ(e.Status().out.find("time left"), std::string::npos) << "none once finished";
}

TEST(BootsCliTest, AKernelThatFellBackIsRetriedThenItsConfigurationSkipped) {
  BootsExperiment e;
  ASSERT_EQ(e.Start({"--boots", "2", "--retries", "1"}).exit_status, 0);
  ASSERT_EQ(e.Boot("boot1").exit_status, 0);
  // b's one-shot boot falls back to a's kernel twice: retried once, then failed.
  ASSERT_EQ(e.Boot("boot2", "6.1.0-a").exit_status, 0);
  ASSERT_EQ(e.Boot("boot3", "6.1.0-a").exit_status, 0);
  EXPECT_EQ(e.AskedConfigs(), (std::vector<std::string>{"a", "b", "b", "a"}))
      << "b retried, then its other step skipped";
  ASSERT_EQ(e.Boot("boot4").exit_status, 0);
  EXPECT_EQ(
      e.RunsByBoot(),
      (std::map<std::string, std::map<std::string, int>>{{"a", {{"boot1", 3}, {"boot4", 3}}}}));
  const ProcessResult status = e.Status();
  EXPECT_EQ(Occurrences(status.out, "wrong kernel: expected 6.1.0-b, found 6.1.0-a"), 2)
      << status.out;
  EXPECT_NE(status.out.find("failed: b did not boot its kernel (its other steps were skipped)"),
            std::string::npos)
      << status.out;
  EXPECT_NE(status.out.find("finished after 4 of 4 steps"), std::string::npos) << status.out;
}

TEST(BootsCliTest, OnBootFailureStopEndsAndSaysSo) {
  BootsExperiment e;
  ASSERT_EQ(e.Start({"--boots", "2", "--retries", "0", "--on-boot-failure", "stop"}).exit_status,
            0);
  ASSERT_EQ(e.Boot("boot1", "5.10.0-default").exit_status, 0);
  EXPECT_EQ(e.AskedLines().size(), 1u) << "nothing armed after the stop";
  const ProcessResult status = e.Status();
  EXPECT_NE(status.out.find("stopped after 0 of 4 steps"), std::string::npos) << status.out;
  EXPECT_NE(status.out.find("failed: a did not boot its kernel (the experiment stopped)"),
            std::string::npos)
      << status.out;
}

TEST(BootsCliTest, ASeriesCutShortIsDoneAgainWithNoRunLostOrCountedTwice) {
  BootsExperiment e;
  // The second run of the first series kills the timeit that runs it, as a
  // power loss would end it: run 1 is in the CSV, run 2 never finished.
  const fs::path calls = e.dir_.path() / "calls", cut = e.dir_.path() / "cut";
  const std::string script = "n=$(cat " + calls.string() +
                             " 2>/dev/null || echo 0); n=$((n+1)); echo $n > " + calls.string() +
                             "; if [ $n = 2 ] && [ -f " + cut.string() + " ]; then rm " +
                             cut.string() + "; kill -9 $PPID; sleep 5; fi";
  std::ofstream(cut) << "";
  ASSERT_EQ(e.Start({"--boots", "2"}, Sh(script)).exit_status, 0);
  const ProcessResult cut_short = e.Boot("boot1");
  EXPECT_EQ(cut_short.exit_status, 137) << cut_short.err;
  EXPECT_EQ(e.RunsByBoot()["a"]["boot1"], 1);
  // The machine comes back on the same kernel (the one-shot entry is gone
  // only after a boot that reached the unit): the step is done again here.
  for (const std::string id : {"boot2", "boot3", "boot4", "boot5"}) {
    const ProcessResult r = e.Boot(id);
    ASSERT_EQ(r.exit_status, 0) << id << ": " << r.err;
  }
  using Boots = std::map<std::string, int>;
  EXPECT_EQ(e.RunsByBoot(),
            (std::map<std::string, Boots>{{"a", {{"boot1", 1}, {"boot2", 3}, {"boot5", 3}}},
                                          {"b", {{"boot3", 3}, {"boot4", 3}}}}));
  const RunsTable t = ReadRuns(e.csv_);
  const auto label = ColumnOf(t, "label"), run = ColumnOf(t, "run");
  std::vector<std::string> a_runs;
  for (std::size_t r = 0; r < label.size(); ++r)
    if (label[r] == "a") a_runs.push_back(run[r]);
  // 1 row of boot1, then 3 timing and 3 counting rows of boot2 and boot5.
  std::vector<std::string> numbered;
  for (int n = 1; n <= 13; ++n) numbered.push_back(std::to_string(n));
  EXPECT_EQ(a_runs, numbered);
  // The rows of the boot that did the step again say so; no other row does.
  const auto boot = ColumnOf(t, "boot_id"), notes = ColumnOf(t, "notes");
  const std::string redo = "boots: step 1 again: boot boot1 was cut short after 1 runs, kept";
  for (std::size_t r = 0; r < boot.size(); ++r)
    EXPECT_EQ(notes[r].find(redo) != std::string::npos, boot[r] == "boot2")
        << boot[r] << ": " << notes[r];
  const ProcessResult status = e.Status();
  EXPECT_NE(status.out.find("boot boot1: interrupted after 1 runs (kept in the CSV); the step is "
                            "done again"),
            std::string::npos)
      << status.out;
  EXPECT_NE(status.out.find("finished after 4 of 4 steps"), std::string::npos) << status.out;
}

/// A step's -n are its timing runs; with --counting-runs 3 (= -n) its last
/// run is a counting run, and a series cut short in it is not complete: the
/// step is done again, its 3 timing runs kept as a shorter boot.
TEST(BootsCliTest, ASeriesCutShortInItsLastCountingRunIsDoneAgain) {
  BootsExperiment e;
  const fs::path calls = e.dir_.path() / "calls", cut = e.dir_.path() / "cut";
  const std::string script = "n=$(cat " + calls.string() +
                             " 2>/dev/null || echo 0); n=$((n+1)); echo $n > " + calls.string() +
                             "; if [ $n = 6 ] && [ -f " + cut.string() + " ]; then rm " +
                             cut.string() + "; kill -9 $PPID; sleep 5; fi";
  std::ofstream(cut) << "";
  ASSERT_EQ(e.Start({"--boots", "2", "--counting-runs", "3"}, Sh(script)).exit_status, 0);
  EXPECT_EQ(e.Boot("boot1").exit_status, 137);
  EXPECT_EQ(e.RunsByBoot()["a"]["boot1"], 3);
  EXPECT_EQ(e.RunsByBoot("count")["a"]["boot1"], 2);
  for (const std::string id : {"boot2", "boot3", "boot4", "boot5"}) {
    const ProcessResult r = e.Boot(id);
    ASSERT_EQ(r.exit_status, 0) << id << ": " << r.err;
  }
  using Boots = std::map<std::string, int>;
  EXPECT_EQ(e.RunsByBoot(),
            (std::map<std::string, Boots>{{"a", {{"boot1", 3}, {"boot2", 3}, {"boot5", 3}}},
                                          {"b", {{"boot3", 3}, {"boot4", 3}}}}));
  const ProcessResult status = e.Status();
  EXPECT_NE(status.out.find("boot boot1: interrupted after 2 runs (kept in the CSV); the step is "
                            "done again"),
            std::string::npos)
      << status.out;
  EXPECT_NE(status.out.find("finished after 4 of 4 steps"), std::string::npos) << status.out;
}

TEST(BootsCliTest, DryRunPrintsEveryStepAndItsExactBootCommand) {
  BootsExperiment e;
  const ProcessResult r = e.Start({"--boots", "1", "--dry-run"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string d = e.dir_.path().string();
  const std::string asked = "printf '%s|%s|%s|%s\\n' ";
  EXPECT_EQ(
      r.out,
      "timeit boots start --dry-run: 2 boots: 1 of each of a, b, order abba, via command; "
      "runs into " +
          d + "/exp.csv\n" + "step 1: a (6.1.0-a), command line: root=/dev/vda ro\n" + "  $ " +
          asked + "a " + d + "/vmlinuz-6.1.0-a 6.1.0-a 'root=/dev/vda ro' >> " + d +
          "/asked.txt\n" + "step 2: b (6.1.0-b), command line: root=/dev/vda ro mitigations=off\n" +
          "  $ " + asked + "b " + d +
          "/vmlinuz-6.1.0-b 6.1.0-b 'root=/dev/vda ro mitigations=off' >> " + d + "/asked.txt\n" +
          "each boot: timeit boots resume --state-dir " + d + "/state, after 0 s, runs in " +
          fs::current_path().string() + ":\n" + "  $ timeit --label NAME -n 3 -w 0 -q -o " + d +
          "/exp.csv -- true\n" + "resume hook: none; call timeit boots resume --state-dir " + d +
          "/state at every boot\n");
  EXPECT_FALSE(fs::exists(e.state_)) << "a dry run changes nothing";
  EXPECT_FALSE(fs::exists(e.asked_));
}

TEST(BootsCliTest, DryRunOfKexecLoadsEachStepsKernelAndInstallsTheUnit) {
  if (::geteuid() != 0) GTEST_SKIP() << "--via kexec is root's";
  BootsExperiment e;
  // A kexec of our own on PATH: start checks that the tool is there; a dry
  // run never calls it.
  const fs::path bin = e.dir_.path() / "bin";
  fs::create_directories(bin);
  const fs::path kexec = e.dir_.Write("bin/kexec", "#!/bin/sh\nexit 1\n");
  fs::permissions(kexec, fs::perms::owner_all);
  const ScopedEnv path("PATH", bin.string() + ":" + ::getenv("PATH"));
  const std::string initrd = e.dir_.Write("initrd.img-6.1.0-b", "").string();
  const ProcessResult r = RunTimeit(
      {"boots", "start", "--dry-run", "--boots", "1", "--via", "kexec", "--state-dir",
       e.state_.string(), "--config", "a:kernel=" + e.kernel_a_.string(), "--config",
       "b:kernel=" + e.kernel_b_.string() + ",initrd=" + initrd + ",cmdline+=mitigations=off", "-o",
       e.csv_.string(), "--", "true"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  const std::string reboot =
      fs::is_directory("/run/systemd/system") ? "systemctl kexec" : "kexec -e";
  EXPECT_NE(r.out.find("  $ kexec -l " + e.kernel_a_.string() +
                       " '--command-line=root=/dev/vda ro'\n  $ " + reboot + "\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  $ kexec -l " + e.kernel_b_.string() + " --initrd=" + initrd +
                       " '--command-line=root=/dev/vda ro mitigations=off'\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("resume hook: /etc/systemd/system/timeit-boots.service, enabled by "
                       "start:\n  $ systemctl daemon-reload\n  $ systemctl enable "
                       "timeit-boots.service\n"),
            std::string::npos)
      << r.out;
  // --next-boot belongs to --via command.
  const ProcessResult both =
      RunTimeit({"boots", "start", "--dry-run", "--via", "kexec", "--next-boot", "x", "--config",
                 "a:kernel=" + e.kernel_a_.string(), "--config", "b:kernel=" + e.kernel_b_.string(),
                 "-o", e.csv_.string(), "--", "true"});
  EXPECT_EQ(both.exit_status, 2);
  EXPECT_EQ(both.err, "timeit: --next-boot: only with --via command (this is --via kexec)\n");
}

TEST(BootsCliTest, APlantedWritableStateIsRefusedAndNothingRuns) {
  BootsExperiment e;
  ASSERT_EQ(e.Start().exit_status, 0);
  ASSERT_EQ(::chmod((e.state_ / "state.json").c_str(), 0666), 0);
  const ProcessResult r = e.Boot("boot1");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err, "timeit: " + (e.state_ / "state.json").string() + ": owned by uid " +
                       std::to_string(::geteuid()) +
                       " with mode 0666; refused: another user could have written it (it must "
                       "be uid " +
                       std::to_string(::geteuid()) + "'s alone, 0700 and 0600)\n");
  EXPECT_FALSE(fs::exists(e.csv_)) << "no series ran";
  EXPECT_EQ(e.AskedLines().size(), 1u) << "no boot armed";
}

TEST(BootsCliTest, ACorruptStateIsOneLineAndTheCsvIsUntouched) {
  BootsExperiment e;
  ASSERT_EQ(e.Start().exit_status, 0);
  ASSERT_EQ(e.Boot("boot1").exit_status, 0);
  const std::string csv = ReadFile(e.csv_);
  const fs::path state = e.state_ / "state.json";
  std::string text = ReadFile(state);
  std::ofstream(state, std::ios::trunc) << text.substr(0, text.size() / 2);
  const ProcessResult r = e.Boot("boot2");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err.rfind("timeit: " + state.string() + ": not a state of timeit boots (", 0), 0u)
      << r.err;
  EXPECT_EQ(Occurrences(r.err, "\n"), 1) << r.err;
  EXPECT_EQ(ReadFile(e.csv_), csv);
}

TEST(BootsCliTest, StartChecksEverythingBeforeAnyReboot) {
  BootsExperiment e;
  const fs::path no_release = e.dir_.Write("kernel", "");
  struct Case {
    std::vector<std::string> more, command;
    std::string says;
  };
  const Case cases[] = {
      {{"--config", "c:kernel=/nonexistent/vmlinuz-1"}, {"true"}, "is not a readable file"},
      {{"--config", "c:kernel=" + no_release.string()}, {"true"}, "add release=R"},
      {{}, {"no-such-command-here"}, "no-such-command-here: command not found"},
      {{"--retries", "-1"}, {"true"}, "--retries: expected a non-negative integer"},
      {{"--label", "x"}, {"true"}, "each step's label is its configuration's name"},
      {{"--boots", "0"}, {"true"}, "--boots: expected a positive integer"},
      {{"--order", "baab"}, {"true"}, "--order: expected abba or random"},
  };
  for (const Case& c : cases) {
    const ProcessResult r = RunTimeit(e.StartArgs(c.more, c.command));
    EXPECT_EQ(r.exit_status, 2) << c.says;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    EXPECT_EQ(Occurrences(r.err, "\n"), 1) << r.err;
  }
  std::vector<std::string> no_output = e.StartArgs({});
  const auto o = std::find(no_output.begin(), no_output.end(), "-o");
  no_output.erase(o, o + 2);
  EXPECT_NE(RunTimeit(no_output).err.find("-o FILE is needed"), std::string::npos);
  EXPECT_FALSE(fs::exists(e.state_));
  EXPECT_FALSE(fs::exists(e.asked_)) << "nothing armed";
}

TEST(BootsCliTest, CancelRemovesTheExperiment) {
  BootsExperiment e;
  ASSERT_EQ(e.Start().exit_status, 0);
  const ProcessResult cancel = RunTimeit({"boots", "cancel", "--state-dir", e.state_.string()});
  EXPECT_EQ(cancel.exit_status, 0) << cancel.err;
  EXPECT_FALSE(fs::exists(e.state_));
  const ProcessResult status = e.Status();
  EXPECT_EQ(status.exit_status, 2);
  EXPECT_EQ(e.Boot("boot1").exit_status, 2) << "the unit of a cancelled experiment runs nothing";
  EXPECT_FALSE(fs::exists(e.csv_));
}

}  // namespace
}  // namespace timeit::testing
