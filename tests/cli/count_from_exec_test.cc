// Both counting modes count what perf stat counts of the command: from its
// exec on, never timeit's own work before it (issue 41: by cgroup read
// 100033 system calls of `syscall_loop 100000` where perf stat read 100029).
#include <gtest/gtest.h>

#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

/// perf stat -x,'s count of `event` for `argv`; -1 when perf cannot count it.
long PerfStat(const std::string& event, const std::vector<std::string>& argv, std::string& output) {
  std::vector<std::string> perf = {"perf", "stat", "-x,", "-e", event, "--"};
  perf.insert(perf.end(), argv.begin(), argv.end());
  const ProcessResult r = RunProcess(perf);
  output = r.err;
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);) {
    // "100029,,raw_syscalls:sys_enter,1203718,100.00,,"
    if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0])) &&
        Contains(line, "," + event + ","))
      return std::stol(line);
  }
  return -1;
}

/// The syscalls of `runs` counting runs of argv counted `how` (beside as many
/// timing runs, which leave the tracepoint closed and the cell empty), after
/// one warm-up; empty when that mode cannot be had here.
std::vector<std::string> SyscallsBy(const std::string& how, const std::vector<std::string>& argv,
                                    const TempDir& dir, int runs = 3) {
  std::vector<std::string> args = {"-n",
                                   std::to_string(runs),
                                   "--counting-runs",
                                   std::to_string(runs),
                                   "-w",
                                   "1",
                                   "-e",
                                   "syscalls",
                                   "--count-by",
                                   how,
                                   "-o",
                                   how + ".csv",
                                   "--"};
  args.insert(args.end(), argv.begin(), argv.end());
  const ProcessResult r = RunTimeit(args, "", dir.path());
  if (r.exit_status == 2 && how == "cgroup") return {};
  EXPECT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / (how + ".csv"));
  const std::vector<std::string> notes = ColumnOf(t, "notes");
  EXPECT_TRUE(
      Contains(notes.at(0), how == "cgroup" ? "counted by cgroup" : "counted by inheritance"))
      << notes.at(0);
  // Said once, in whichever run it first happened.
  for (const std::string& n : notes) EXPECT_FALSE(Contains(n, "before its exec")) << n;
  const std::vector<std::string> roles = ColumnOf(t, "role"), warmup = ColumnOf(t, "warmup"),
                                 syscalls = ColumnOf(t, "syscalls");
  std::vector<std::string> counted;
  for (std::size_t i = 0; i < roles.size(); ++i) {
    // Each cell with its row's notes: a wrong count is then diagnosable
    // (multiplexed, kept work before the exec, a killed leftover ...).
    if (roles[i] == "count" && warmup[i] == "0")
      counted.push_back(syscalls[i] + (syscalls[i].empty() ? "" : " ") + "[run " +
                        std::to_string(i) + ": " + notes[i] + "]");
    if (roles[i] == "time") {
      EXPECT_EQ(syscalls[i], "") << "a timing run counted syscalls";
    }
  }
  EXPECT_EQ(counted.size(), static_cast<std::size_t>(runs));
  return counted;
}

void ExpectPerfStatsCount(const std::vector<std::string>& argv, int runs = 3) {
  TempDir dir;
  // timeit first: it mounts tracefs where it is not, which perf needs.
  const std::vector<std::string> inherited = SyscallsBy("inherit", argv, dir, runs);
  const std::vector<std::string> by_cgroup = SyscallsBy("cgroup", argv, dir, runs);
  std::string perf_output;
  const long perf = PerfStat("raw_syscalls:sys_enter", argv, perf_output);
  if (perf < 0) GTEST_SKIP() << "perf stat cannot count raw_syscalls:sys_enter: " << perf_output;
  const std::string expected = std::to_string(perf);
  const auto count = [](const std::string& cell) { return cell.substr(0, cell.find(' ')); };
  for (const std::string& cell : inherited)
    EXPECT_EQ(count(cell), expected) << "by inheritance " << cell;
  if (by_cgroup.empty()) GTEST_SKIP() << "no counting by cgroup here";
  for (const std::string& cell : by_cgroup)
    EXPECT_EQ(count(cell), expected) << "by cgroup " << cell;
}

TEST(CountFromExecTest, SyscallsOfOneProcessAreExactlyPerfStatsInBothModes) {
  ExpectPerfStatsCount({SYSCALL_LOOP_BINARY, "100000"});
}

TEST(CountFromExecTest, SyscallsOfATreeAreExactlyPerfStatsInBothModes) {
  // Two copies of itself, forked and exec'd by the command: inherited, and
  // in the run's cgroup.
  ExpectPerfStatsCount({SYSCALL_LOOP_BINARY, "20000", "2"});
}

TEST(CountFromExecTest, EveryRunOfAHundredIsExactlyPerfStatsInBothModes) {
  // Each run is the launch again: timeit-spawner clones the held child, and
  // by inheritance both carry copies of timeit's events that its own exec
  // switched on (1 to 5 system calls too many in every run before Attach
  // switched them off), or the child leaves with the spawner's copies when the scheduler
  // swaps their perf contexts (an empty cell, "never enabled", in about one
  // run of 200 before the spawner kept a context of its own).
  ExpectPerfStatsCount({SYSCALL_LOOP_BINARY, "1000"}, 100);
}

}  // namespace
}  // namespace timeit::testing
