// The experiment's conditions as a user meets them: recorded on every row
// (from fixture trees of other machines, via TIMEIT_PROC_ROOT and
// TIMEIT_SYS_ROOT), files of an earlier timeit appended to and compared.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "wrapper/base/csv_text.h"
#include "wrapper/results/results_columns.h"

namespace timeit::testing {
namespace {

using Cells = std::vector<std::string>;

/// Points the condition readers of every timeit this test starts at the
/// fixture tree of `machine` (tests/platforms/data/machines/).
class MachineRoots {
 public:
  explicit MachineRoots(const std::string& machine) {
    const std::string dir =
        std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/machines/" + machine;
    ::setenv("TIMEIT_PROC_ROOT", (dir + "/proc").c_str(), 1);
    ::setenv("TIMEIT_SYS_ROOT", (dir + "/sys").c_str(), 1);
  }
  ~MachineRoots() {
    ::unsetenv("TIMEIT_PROC_ROOT");
    ::unsetenv("TIMEIT_SYS_ROOT");
  }
  MachineRoots(const MachineRoots&) = delete;
  MachineRoots& operator=(const MachineRoots&) = delete;
};

/// `t` written back without its condition columns (and, with
/// `status_text`, without that too): a file as a timeit before them wrote it.
std::string WithoutConditions(const RunsTable& t, bool status_text = true) {
  std::vector<std::size_t> keep;
  for (std::size_t c = 0; c < t.columns.size(); ++c)
    if (!IsConditionColumn(t.columns[c]) && (status_text || t.columns[c] != "status_text"))
      keep.push_back(c);
  std::string text;
  const auto line = [&](const std::vector<std::string>& fields) {
    for (std::size_t i = 0; i < keep.size(); ++i) {
      if (i > 0) text.push_back(',');
      AppendCsvField(text, fields[keep[i]]);
    }
    text.push_back('\n');
  };
  line(t.columns);
  for (const auto& row : t.rows) line(row);
  return text;
}

TEST(ConditionsCliTest, EveryRowRecordsTheMachinesConditions) {
  MachineRoots laptop("laptop-intel-pstate");
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-n", "2", "-w", "1", "-q", "--no-counters", "-o", "s.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  ASSERT_EQ(t.rows.size(), 3u);
  const auto platform = std::find(t.columns.begin(), t.columns.end(), "platform");
  ASSERT_NE(platform, t.columns.end());
  EXPECT_EQ(*(platform + 1), "boot_id");  // the conditions follow `platform`
  EXPECT_EQ(ColumnOf(t, "governor"), (Cells(3, "performance,powersave")));
  EXPECT_EQ(ColumnOf(t, "boost"), (Cells(3, "on")));
  EXPECT_EQ(ColumnOf(t, "microcode"), (Cells(3, "0xf4")));
  EXPECT_EQ(ColumnOf(t, "nmi_watchdog"), (Cells(3, "1")));
  EXPECT_EQ(ColumnOf(t, "load1"), (Cells(3, "1.37")));
  EXPECT_EQ(ColumnOf(t, "cpus_online"), (Cells(3, "0-7")));
  EXPECT_EQ(ColumnOf(t, "virtualized"), (Cells(3, "no")));
  EXPECT_EQ(ColumnOf(t, "cmdline")[0],
            "root=UUID=3f1c2a8e-5b7d-4e0a-9c61-2d8f0b7e4a13 ro quiet splash vt.handoff=7");
}

TEST(ConditionsCliTest, AppendsToAFileOfAnEarlierTimeitAndComparesWithIt) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-n", "3", "-q", "--no-counters", "-o", "new.csv", "true"}, "", dir.path())
                .exit_status,
            0);
  const std::string old_text = WithoutConditions(ReadRuns(dir.path() / "new.csv"));
  dir.Write("old.csv", old_text);

  const ProcessResult more = RunTimeit(
      {"-n", "2", "--no-counters", "--label", "new", "-o", "old.csv", "true"}, "", dir.path());
  ASSERT_EQ(more.exit_status, 0) << more.err;
  EXPECT_NE(more.err.find("timeit: old.csv: its header has no columns boot_id, cmdline, microcode "
                          "and 12 more (written by an earlier timeit): appended rows follow its "
                          "header\n"),
            std::string::npos)
      << more.err;
  const RunsTable old = ReadRuns(dir.path() / "old.csv");
  EXPECT_FALSE(old.Column("boot_id"));
  EXPECT_EQ(ColumnOf(old, "run"), (Cells{"1", "2", "3", "4", "5", "6", "7"}));
  EXPECT_EQ(ReadFile(dir.path() / "old.csv").substr(0, old_text.size()), old_text);

  // The old file compares with the new one; the conditions it lacks are
  // simply not compared.
  const ProcessResult cmp = RunTimeit({"compare", "old.csv", "new.csv"}, "", dir.path());
  EXPECT_EQ(cmp.exit_status, 0) << cmp.err;
  EXPECT_NE(cmp.out.find("real"), std::string::npos) << cmp.out;
  EXPECT_EQ(cmp.err.find("differ in"), std::string::npos) << cmp.err;
}

// A file another program wrote (hyperfine's CSV, a column of numbers) has
// no conditions and no CPU model because it is not ours, not because an
// earlier timeit wrote it, and an unknown CPU is not a different one.
TEST(ConditionsCliTest, AnotherProgramsFileIsNeitherAnEarlierTimeitsNorOfAnotherCpu) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-n", "3", "-q", "--no-counters", "-o", "ours.csv", "true"}, "", dir.path())
                .exit_status,
            0);
  dir.Write("plain.csv", "real\n0.1\n0.11\n0.12\n");
  dir.Write("old.csv", WithoutConditions(ReadRuns(dir.path() / "ours.csv")));
  const ProcessResult plain = RunTimeit({"compare", "ours.csv", "plain.csv"}, "", dir.path());
  EXPECT_EQ(plain.exit_status, 0) << plain.err;
  // user and sys (or user=sys, when both were 0 in every run) are ours alone.
  const std::string partial =
      "timeit: warning: metrics not in every set, compared where they are: user";
  EXPECT_EQ(plain.err.substr(0, partial.size()), partial) << plain.err;
  EXPECT_NE(plain.err.find(": only in ours\n"
                           "timeit: warning: plain is not from a timeit results file: whether it "
                           "ran under the same conditions as the other sets cannot be checked\n"),
            std::string::npos)
      << plain.err;
  EXPECT_EQ(std::count(plain.err.begin(), plain.err.end(), '\n'), 2) << plain.err;
  const ProcessResult old =
      RunTimeit({"compare", "plain.csv", "old.csv", "ours.csv"}, "", dir.path());
  EXPECT_EQ(old.exit_status, 0) << old.err;
  EXPECT_NE(old.err.find("recorded no conditions (written by an earlier timeit)"),
            std::string::npos)
      << old.err;
  EXPECT_EQ(old.err.find("(unknown)"), std::string::npos) << old.err;
}

// A file from before `status_text` (and the conditions): appended rows say
// the signal's name in `status`, as that file's rows do, and compare counts
// such a run as failed.
TEST(ConditionsCliTest, AppendsToAFileFromBeforeStatusTextInItsOwnTerms) {
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-n", "3", "-q", "--no-counters", "-o", "new.csv", "true"}, "", dir.path())
                .exit_status,
            0);
  const std::string old_text =
      WithoutConditions(ReadRuns(dir.path() / "new.csv"), /*status_text=*/false);
  dir.Write("old.csv", old_text);

  // The first run kills itself, the others succeed.
  const ProcessResult more =
      RunTimeit({"-n", "4", "-w", "0", "--no-counters", "--ignore-failure", "--label", "later",
                 "-o", "old.csv", "--shell", "test -e marker || { touch marker; kill -SEGV $$; }"},
                "", dir.path());
  ASSERT_EQ(more.exit_status, 0) << more.err;
  EXPECT_NE(more.err.find("timeit: old.csv: its header has no columns status_text, boot_id, "
                          "cmdline and 13 more (written by an earlier timeit)"),
            std::string::npos)
      << more.err;
  const RunsTable old = ReadRuns(dir.path() / "old.csv");
  EXPECT_FALSE(old.Column("status_text"));
  EXPECT_EQ(ColumnOf(old, "status"), (Cells{"0", "0", "0", "0", "SIGSEGV", "0", "0", "0"}));
  EXPECT_EQ(ReadFile(dir.path() / "old.csv").substr(0, old_text.size()), old_text);

  const ProcessResult cmp = RunTimeit({"compare", "old.csv"}, "", dir.path());
  EXPECT_EQ(cmp.exit_status, 0) << cmp.err;
  EXPECT_NE(cmp.err.find("later: 1 failed run (non-zero status) left out"), std::string::npos)
      << cmp.err;
}

TEST(ConditionsCliTest, CheckShowsTheLaptopsConditionsThenTheCounters) {
  MachineRoots laptop("laptop-intel-pstate");
  const ProcessResult r = RunTimeit({"check"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("info  boot_id              7c0a7e0e-2f4b-4d59-8f3e-1b6a9d2c4e81\n", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("\nwarn  governor             performance,powersave: the clock follows "
                       "the load, so runs start at different speeds; fix: cpupower "
                       "frequency-set -g performance\n"),
            std::string::npos)
      << r.out;
  const std::string counters = r.out.substr(r.out.find("\ncounters:\n"));
  EXPECT_EQ(counters,
            "\ncounters:\n"
            "ok    pmu                  cpu (type 4)\n"
            "warn  paranoid             4: no counting at all for a user without CAP_PERFMON; "
            "fix: sysctl kernel.perf_event_paranoid=1\n"
            "ok    tracefs              mounted at /sys/kernel/tracing\n"
            "info  free counters        not probed: TIMEIT_PROC_ROOT/TIMEIT_SYS_ROOT name "
            "another machine's trees\n");
  EXPECT_EQ(RunTimeit({"check", "--strict"}).exit_status, 1);
}

TEST(ConditionsCliTest, CheckStrictPassesOnATunedServer) {
  MachineRoots server("server-amd-acpi-cpufreq");
  const ProcessResult r = RunTimeit({"check", "--strict"});
  EXPECT_EQ(r.exit_status, 0) << r.out;
  EXPECT_EQ(r.out.find("warn "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok    boost                off\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok    paranoid             1: every user counts user and kernel mode\n"),
            std::string::npos)
      << r.out;
}

TEST(ConditionsCliTest, CheckOnAGuestWithoutPmuOrMountedTracefs) {
  MachineRoots vm("vm-qemu-kvm");
  const ProcessResult r = RunTimeit({"check", "--strict"});
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.out.find("\ninfo  pmu                  none: the kernel has no hardware CPU PMU"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nwarn  tracefs              not mounted, so tracepoints such as the "
                       "syscalls metric stay empty; fix (as root): mount -t tracefs nodev "
                       "/sys/kernel/tracing\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\ninfo  free counters        none to probe: no hardware PMU\n"),
            std::string::npos)
      << r.out;
}

// No PMU is a fact of the machine, not noise: on a guest that is otherwise
// tuned (the VM's tree with paranoid 1 and tracefs mounted) --strict passes.
TEST(ConditionsCliTest, CheckStrictPassesOnAGuestWithoutPmu) {
  TempDir dir;
  const std::filesystem::path machines =
      std::filesystem::path(TIMEIT_SOURCE_DIR) / "tests/platforms/data/machines";
  std::filesystem::copy(machines / "vm-qemu-kvm", dir.path() / "vm",
                        std::filesystem::copy_options::recursive);
  dir.Write("vm/proc/sys/kernel/perf_event_paranoid", "1\n");
  std::filesystem::create_directories(dir.path() / "vm/sys/kernel/tracing/events");
  ::setenv("TIMEIT_PROC_ROOT", (dir.path() / "vm/proc").c_str(), 1);
  ::setenv("TIMEIT_SYS_ROOT", (dir.path() / "vm/sys").c_str(), 1);
  const ProcessResult r = RunTimeit({"check", "--strict"});
  ::unsetenv("TIMEIT_PROC_ROOT");
  ::unsetenv("TIMEIT_SYS_ROOT");
  EXPECT_EQ(r.exit_status, 0) << r.out;
  EXPECT_EQ(r.out.find("warn "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\ninfo  pmu                  none: the kernel has no hardware CPU PMU"),
            std::string::npos)
      << r.out;
}

TEST(ConditionsCliTest, CheckBadUsage) {
  const ProcessResult r = RunTimeit({"check", "--lenient"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err, "timeit: check: unrecognised option '--lenient' (see timeit check --help)\n");
  const ProcessResult word = RunTimeit({"check", "now"});
  EXPECT_EQ(word.exit_status, 2);
  EXPECT_EQ(word.err,
            "timeit: check: takes options only; a word that is not an option was given "
            "(see timeit check --help)\n");
  EXPECT_EQ(RunTimeit({"check", "--help"}).out.rfind("usage: timeit check [--strict]\n", 0), 0u);
}

TEST(ConditionsCliTest, RunModeSaysOnceWhenConditionsMayAddNoise) {
  TempDir dir;
  {
    MachineRoots laptop("laptop-intel-pstate");
    const ProcessResult r = RunTimeit(
        {"-n", "2", "--no-counters", "--no-cgroup", "-o", "s.csv", "true"}, "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    EXPECT_EQ(r.err,
              "timeit: recording runs in s.csv (label s)\n"
              "timeit: 4 conditions may add noise (governor, boost, nmi_watchdog, load1); see "
              "`timeit check`\n")
        << r.err;
    const ProcessResult quiet =
        RunTimeit({"-n", "1", "-q", "--no-counters", "-o", "q.csv", "true"}, "", dir.path());
    EXPECT_EQ(quiet.err, "");
  }
  MachineRoots server("server-amd-acpi-cpufreq");
  const ProcessResult r =
      RunTimeit({"-n", "2", "--no-counters", "--no-cgroup", "-o", "t.csv", "true"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "timeit: recording runs in t.csv (label t)\n");
}

/// The first row's notes cell of `csv`.
std::string FirstNotes(const std::filesystem::path& csv) {
  const std::vector<std::string> notes = ColumnOf(ReadRuns(csv), "notes");
  return notes.empty() ? "" : notes.front();
}

TEST(ConditionsCliTest, AMachineNoteIsSaidOncePerBootAndKeptInEveryCsv) {
  TempDir dir;
  SharedRuntimeDir login;  // the series of one login share their stamps
  MachineRoots laptop("laptop-intel-pstate");
  const std::string conditions =
      "timeit: 4 conditions may add noise (governor, boost, nmi_watchdog, load1); see "
      "`timeit check`\n";
  // On a hybrid hierarchy (this VM's) the cgroup's note is a machine note too.
  const std::string v1 = "the memory and io controllers are bound to cgroup v1";
  const std::vector<std::string> series = {"-n", "2", "--no-counters", "true"};
  const auto run = [&](const std::string& csv) {
    std::vector<std::string> args = {"-o", csv};
    args.insert(args.end(), series.begin(), series.end());
    const ProcessResult r = RunTimeit(args, "", dir.path());
    EXPECT_EQ(r.exit_status, 0) << r.err;
    return r.err;
  };
  // A quiet series says nothing, so it leaves the note to the next one.
  const ProcessResult quiet =
      RunTimeit({"-q", "-n", "1", "--no-counters", "-o", "q.csv", "true"}, "", dir.path());
  EXPECT_EQ(quiet.err, "");
  const std::string first = run("a.csv");
  EXPECT_EQ(Occurrences(first, conditions), 1) << first;
  const bool hybrid = FirstNotes(dir.path() / "a.csv").find(v1) != std::string::npos;
  EXPECT_EQ(first.find(v1) != std::string::npos, hybrid) << first;
  const std::string second = run("b.csv");
  EXPECT_EQ(second, "timeit: recording runs in b.csv (label b)\n");
  // The CSVs hold what the terminal said once: the same notes, the same conditions.
  EXPECT_EQ(FirstNotes(dir.path() / "b.csv"), FirstNotes(dir.path() / "a.csv"));
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "b.csv"), "governor"),
            ColumnOf(ReadRuns(dir.path() / "a.csv"), "governor"));

  // Another boot is another machine state: said again, once.
  ::setenv("TIMEIT_BOOT_ID", "6e0c1f0e-0000-4000-8000-000000000042", 1);
  EXPECT_EQ(Occurrences(run("c.csv"), conditions), 1);
  EXPECT_EQ(Occurrences(run("d.csv"), conditions), 0);
  ::unsetenv("TIMEIT_BOOT_ID");

  // A stamp folder others may write cannot silence a note: said, the series runs.
  std::filesystem::permissions(login.path() / "timeit", std::filesystem::perms::all);
  const std::string open = run("e.csv");
  EXPECT_EQ(Occurrences(open, conditions), 1) << open;
  EXPECT_EQ(open.find(v1) != std::string::npos, hybrid) << open;
}
}  // namespace
}  // namespace timeit::testing
