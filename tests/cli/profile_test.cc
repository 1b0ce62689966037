// --profile in the run mode: the sidecar beside the results CSV, functions
// resolved in a PIE, a shared library, a program exec'd mid-run and the
// vDSO (64-bit and 32-bit), the kernel's entry paths, call chains, and a
// profile that survives kill -9.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "tests/cli/background_timeit.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kProfileColumns = {"label",         "run",     "boot_id", "function",
                                                  "object",        "mode",    "samples", "time_ns",
                                                  "total_samples", "total_ns"};

RunsTable ReadProfile(const fs::path& path) {
  RunsTable t = ParseCsvForTest(ReadFile(path));
  EXPECT_EQ(t.columns, kProfileColumns) << path;
  return t;
}

/// Samples per function name (all runs) where `object` ends in `object_suffix`.
std::map<std::string, long> SamplesIn(const RunsTable& t, const std::string& object_suffix) {
  std::map<std::string, long> samples;
  for (const auto& row : t.rows)
    if (row[4].ends_with(object_suffix)) samples[row[3]] += std::stol(row[6]);
  return samples;
}

std::string TopFunction(const std::map<std::string, long>& samples) {
  std::string top;
  long most = -1;
  for (const auto& [name, n] : samples)
    if (n > most) most = n, top = name;
  return top;
}

TEST(ProfileTest, SidecarBesideTheCsvWithOneBlockPerMeasuredRun) {
  if (!CanSample()) GTEST_SKIP() << "perf_event_paranoid forbids sampling";
  TempDir dir;
  const ProcessResult r = RunTimeit(
      {"-q", "--profile", "-n", "3", "-w", "1", "-o", "t.csv", TWO_FUNCTIONS_BINARY, "60", "60"},
      "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable profile = ReadProfile(dir.path() / "t.profile.csv");
  const RunsTable runs = ReadRuns(dir.path() / "t.csv");
  std::set<std::string> profiled, measured;
  for (const auto& row : profile.rows) profiled.insert(row[1]);
  const auto warmup = ColumnOf(runs, "warmup"), run = ColumnOf(runs, "run");
  for (std::size_t i = 0; i < run.size(); ++i)
    if (warmup[i] == "0") measured.insert(run[i]);
  EXPECT_EQ(profiled, measured) << "the warm-up run is sampled but not written";
  const std::string boot = ColumnOf(runs, "boot_id").front();
  for (const auto& row : profile.rows) {
    EXPECT_EQ(row[0], "t");
    EXPECT_EQ(row[2], boot);
    EXPECT_TRUE(row[5] == "user" || row[5] == "kernel") << row[5];
    EXPECT_TRUE(row[8].empty() && row[9].empty()) << "no call chains asked for";
  }
  const auto samples = SamplesIn(profile, "/two_functions");
  EXPECT_GT(samples.count("spin_f"), 0u);
  EXPECT_GT(samples.count("spin_g"), 0u);
  // Appending continues both files together.
  ASSERT_EQ(RunTimeit({"-q", "--profile", "-n", "1", "-w", "0", "--append-any", "-o", "t.csv",
                       TWO_FUNCTIONS_BINARY, "30", "30"},
                      "", dir.path())
                .exit_status,
            0);
  std::set<std::string> after;
  for (const auto& row : ReadProfile(dir.path() / "t.profile.csv").rows) after.insert(row[1]);
  EXPECT_TRUE(after.contains("5"));
}

// The known truth: pie_spin spins in its own function, then in the shared
// library's, then execs exec_target (no PIE) which spins in its own; each
// must be the top function of its object, none lost to [unknown].
TEST(ProfileTest, PieSharedLibraryAndAnExecMidRunResolve) {
  if (!CanSample()) GTEST_SKIP() << "perf_event_paranoid forbids sampling";
  TempDir dir;
  const ProcessResult r = RunTimeit({"-q", "--profile", "-n", "2", "-w", "0", "-o", "p.csv",
                                     PIE_SPIN_BINARY, "150", EXEC_TARGET_BINARY},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable profile = ReadProfile(dir.path() / "p.profile.csv");
  const std::string lib = fs::path(SPIN_LIB_FILE).filename().string();
  const auto pie = SamplesIn(profile, "/pie_spin");
  const auto in_lib = SamplesIn(profile, "/" + lib);
  const auto target = SamplesIn(profile, "/exec_target");
  EXPECT_EQ(TopFunction(pie), "pie_spin_loop");
  EXPECT_EQ(TopFunction(in_lib), "lib_spin");
  EXPECT_EQ(TopFunction(target), "exec_target_loop");
  // 150 ms of CPU at 999 Hz is ~150 samples a run: well over 50 in two.
  for (const auto* s : {&pie, &in_lib, &target}) {
    ASSERT_FALSE(s->empty());
    EXPECT_GT(s->begin()->second + s->rbegin()->second, 50);
    EXPECT_EQ(s->count("[unknown]"), 0u);
  }
}

TEST(ProfileTest, CallersGiveEachFunctionItsTimeWithWhatItCalls) {
  if (!CanSample()) GTEST_SKIP() << "perf_event_paranoid forbids sampling";
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-q", "--profile=499", "--profile-callers", "-n", "1", "-w", "0", "-o", "c.csv",
                 SYSCALL_BENCH_BINARY, "libc", "2000000"},  // every build has libc
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable profile = ReadProfile(dir.path() / "c.profile.csv");
  long self_samples = 0;
  bool total_covers_self = true;
  for (const auto& row : profile.rows) {
    ASSERT_FALSE(row[8].empty()) << "total_samples with --profile-callers";
    self_samples += std::stol(row[6]);
    total_covers_self = total_covers_self && std::stol(row[8]) >= std::stol(row[6]);
  }
  EXPECT_TRUE(total_covers_self) << "a function's total holds its own samples";
  EXPECT_GT(self_samples, 10);
}

// Kernel entry paths, where kallsyms names them (root, or kptr_restrict=0).
TEST(ProfileTest, Int80AgainstSyscallShowsTheirKernelEntryPaths) {
#if !defined(__x86_64__)
  GTEST_SKIP() << "int $0x80 against syscall is an x86-64 experiment";
#endif
  if (!CanSample()) GTEST_SKIP() << "perf_event_paranoid forbids sampling";
  std::ifstream kallsyms("/proc/kallsyms");
  std::string address, type, name;
  std::set<std::string> int80_names;
  bool readable = false;
  while (kallsyms >> address >> type >> name) {
    readable = readable || address.find_first_not_of('0') != std::string::npos;
    if (name == "entry_INT80_compat" || name == "do_int80_syscall_32" ||
        name == "do_int80_emulation" || name == "int80_emulation")
      int80_names.insert(name);
    kallsyms.ignore(1 << 10, '\n');
  }
  if (!readable) GTEST_SKIP() << "kernel addresses are hidden from this user";
  ASSERT_FALSE(int80_names.empty()) << "this kernel has no int $0x80 entry";
  const ProcessResult which = RunProcess({SYSCALL_BENCH_BINARY, "int80", "10"});
  if (which.exit_status != 0) GTEST_SKIP() << "no IA-32 emulation here: " << which.err;
  TempDir dir;
  ASSERT_EQ(RunTimeit({"-q", "--no-counters", "--profile", "-n", "2", "-w", "0", "-o", "i.csv",
                       SYSCALL_BENCH_BINARY, "int80", "50000"},
                      "", dir.path())
                .exit_status,
            0);
  ASSERT_EQ(RunTimeit({"-q", "--no-counters", "--profile", "-n", "2", "-w", "0", "-o", "s.csv",
                       SYSCALL_BENCH_BINARY, "syscall", "3000000"},
                      "", dir.path())
                .exit_status,
            0);
  const auto int80 = SamplesIn(ReadProfile(dir.path() / "i.profile.csv"), "[kernel.kallsyms]");
  const auto syscall = SamplesIn(ReadProfile(dir.path() / "s.profile.csv"), "[kernel.kallsyms]");
  bool int80_path = false;
  for (const std::string& n : int80_names) {
    int80_path = int80_path || int80.contains(n);
    EXPECT_FALSE(syscall.contains(n)) << n << " in the syscall series";
  }
  EXPECT_TRUE(int80_path) << "none of the int80 entry functions in the int80 series";
  EXPECT_TRUE(syscall.contains("do_syscall_64"));
  EXPECT_TRUE(int80_names.contains(TopFunction(int80)) ||
              TopFunction(int80).find("int80") != std::string::npos)
      << TopFunction(int80);
}

/// Samples per function of the vDSO in perf's profile of `command` (perf
/// record on cpu-clock, which needs no PMU; perf script names the object
/// [vdso], or [vdso32] for a 32-bit process); nullopt when perf is not
/// installed or cannot sample here.
std::optional<std::map<std::string, long>> PerfVdsoSamples(const std::vector<std::string>& command,
                                                           const fs::path& dir) {
  const std::string data = (dir / "perf.data").string();
  std::vector<std::string> record = {"perf", "record", "-q", "-e", "cpu-clock",
                                     "-F",   "999",    "-o", data, "--"};
  record.insert(record.end(), command.begin(), command.end());
  if (RunProcess(record).exit_status != 0) return std::nullopt;
  const ProcessResult script = RunProcess({"perf", "script", "-i", data, "-F", "ip,sym,dso"});
  if (script.exit_status != 0) return std::nullopt;
  std::map<std::string, long> samples;
  std::istringstream lines(script.out);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string ip, name, dso;
    if (words >> ip >> name >> dso && (dso == "([vdso])" || dso == "([vdso32])")) ++samples[name];
  }
  return samples;
}

/// Samples per function of object [vdso] in `t`'s run `run`, self or total.
std::map<std::string, long> VdsoSamples(const RunsTable& t, const std::string& run, bool total) {
  std::map<std::string, long> samples;
  for (const auto& row : t.rows)
    if (row[1] == run && row[4] == "[vdso]") samples[row[3]] += std::stol(row[total ? 8 : 6]);
  return samples;
}

// The vDSO is no file: its functions are named from the image in the
// process's memory, as perf names them. clock_spin spends its time in the
// vDSO's clock_gettime (where the clocksource lets the vDSO read the clock).
TEST(ProfileTest, TheVdsosFunctionsAreNamedAsPerfNamesThem) {
  if (!CanSample()) GTEST_SKIP() << "perf_event_paranoid forbids sampling";
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-q", "--profile", "-n", "1", "-w", "0", "-o", "v.csv", CLOCK_SPIN_BINARY, "300"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  if (r.err.find("is a system call here") != std::string::npos) {
    std::ifstream source("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    std::string clocksource;
    source >> clocksource;
    GTEST_SKIP() << "clock_gettime is a system call here, not the vDSO's (clocksource "
                 << clocksource << ")";
  }
  const std::map<std::string, long> ours =
      VdsoSamples(ReadProfile(dir.path() / "v.profile.csv"), "1", false);
  ASSERT_FALSE(ours.empty()) << "no sample in [vdso] in 300 ms of clock_gettime calls";
  const std::string top = TopFunction(ours);
  const auto perf = PerfVdsoSamples({CLOCK_SPIN_BINARY, "300"}, dir.path());
  if (!perf || perf->empty()) {
    // The kernel's names (arch/*/vdso): x86's __vdso_, arm64's __kernel_.
    EXPECT_TRUE(top == "__vdso_clock_gettime" || top == "__vdso_clock_gettime64" ||
                top == "__kernel_clock_gettime")
        << top << " (perf cannot sample here to say otherwise)";
    EXPECT_LT(ours.contains("[unknown]") ? ours.at("[unknown]") * 10 : 0, ours.at(top));
    return;
  }
  EXPECT_EQ(top, TopFunction(*perf));
  // Code of the vDSO that its .dynsym does not cover (the i386 one has some)
  // is [unknown] in perf's profile too.
  for (const auto& [name, n] : ours)
    EXPECT_TRUE(perf->contains(name) || n * 20 < ours.at(top))
        << name << ": " << n << " samples, none in perf's profile";
}

// The 32-bit experiment's gate: __kernel_vsyscall is named in the vDSO of a
// 32-bit process (which a 64-bit timeit reads from that process's memory,
// having none of its own kind). The runs are short, shorter than the
// sampler's rounds of reads: the image must be read as the exec maps it.
TEST(ProfileTest, The32BitVdsosKernelVsyscallIsNamed) {
#ifndef I386_SYSCALL_BENCH_BINARY
  GTEST_SKIP() << "__kernel_vsyscall is the i386 vDSO's: not an x86 build";
#else
  if (!CanSample()) GTEST_SKIP() << "perf_event_paranoid forbids sampling";
  const std::string bench = I386_SYSCALL_BENCH_BINARY;
  if (!fs::exists(bench))
    GTEST_SKIP() << "no i386 syscall-bench at " << bench << " (scripts/test-i386.sh builds it)";
  const ProcessResult which = RunProcess({bench, "--which", "vsyscall"});
  if (which.exit_status != 0 || which.out.find("unavailable") != std::string::npos)
    GTEST_SKIP() << "no 32-bit vDSO here: " << which.out << which.err;
  TempDir dir;
  const ProcessResult r = RunTimeit({"-q", "--no-counters", "--profile", "--profile-callers", "-n",
                                     "3", "-w", "0", "-o", "g.csv", bench, "vsyscall", "300000"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable profile = ReadProfile(dir.path() / "g.profile.csv");
  for (const std::string run : {"1", "2", "3"}) {
    // Every geteuid goes through it: it is on the stack of the calls' samples.
    EXPECT_GT(VdsoSamples(profile, run, true)["__kernel_vsyscall"], 0) << "run " << run;
    // Where a sample's own address is in the vDSO, it is named (a caller's
    // may not be: the gate keeps no frame a return address can be read from).
    EXPECT_EQ(VdsoSamples(profile, run, false)["[unknown]"], 0) << "run " << run;
  }
  const auto perf = PerfVdsoSamples({bench, "vsyscall", "300000"}, dir.path());
  if (perf && !perf->empty()) {
    EXPECT_TRUE(perf->contains("__kernel_vsyscall"));
  }
#endif
}

TEST(ProfileTest, KillMinusNineKeepsEveryFinishedRunsProfile) {
  if (!CanSample()) GTEST_SKIP() << "perf_event_paranoid forbids sampling";
  TempDir dir;
  // Runs 1 and 2 spin and finish; run 3 records its pid and sleeps.
  BackgroundTimeit timeit(
      {"--profile", "-n", "5", "-w", "0", "-o", "k.csv", "--shell",
       "n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; " +
           std::string(TWO_FUNCTIONS_BINARY) +
           " 40 40 >/dev/null; [ $n -lt 3 ] && exit 0; echo $$ >> pids; exec sleep 300"},
      dir.path());
  const std::vector<pid_t> pids = WaitForPids(dir.path() / "pids", 1, &timeit);
  ASSERT_EQ(pids.size(), 1u) << ReadFile(dir.path() / "stderr");
  ASSERT_EQ(::kill(timeit.pid(), SIGKILL), 0);
  EXPECT_EQ(timeit.WaitExit(), 128 + SIGKILL);
  ::kill(pids[0], SIGKILL);
  std::set<std::string> profiled;
  for (const auto& row : ReadProfile(dir.path() / "k.profile.csv").rows) profiled.insert(row[1]);
  EXPECT_EQ(profiled, (std::set<std::string>{"1", "2"}));
  EXPECT_EQ(ColumnOf(ReadRuns(dir.path() / "k.csv"), "run"), (std::vector<std::string>{"1", "2"}));
}

TEST(ProfileTest, BadUsage) {
  TempDir dir;
  const ProcessResult stdout_csv = RunTimeit({"--profile", "-o", "-", "true"}, "", dir.path());
  EXPECT_EQ(stdout_csv.exit_status, 2);
  EXPECT_NE(stdout_csv.err.find("--profile"), std::string::npos) << stdout_csv.err;
  const ProcessResult callers = RunTimeit({"--profile-callers", "true"}, "", dir.path());
  EXPECT_EQ(callers.exit_status, 2);
  const ProcessResult hz = RunTimeit({"--profile=0", "true"}, "", dir.path());
  EXPECT_EQ(hz.exit_status, 2);
  EXPECT_NE(hz.err.find("--profile"), std::string::npos) << hz.err;
  // A sidecar of another layout stops the series before it starts.
  dir.Write("x.profile.csv", "a,b\n1,2\n");
  const ProcessResult other = RunTimeit({"--profile", "-o", "x.csv", "true"}, "", dir.path());
  EXPECT_EQ(other.exit_status, 2) << other.err;
  EXPECT_NE(other.err.find("x.profile.csv:1"), std::string::npos) << other.err;
  EXPECT_FALSE(fs::exists(dir.path() / "x.csv"));
  // --profile's value is attached: a separate word is the command.
  const ProcessResult separate =
      RunTimeit({"-q", "--profile", "-n", "1", "-w", "0", "-o", "y.csv", "true"}, "", dir.path());
  EXPECT_EQ(separate.exit_status, 0) << separate.err;
}

}  // namespace
}  // namespace timeit::testing
