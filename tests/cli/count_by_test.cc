// Counting by cgroup against counting by inheritance on the same tree, and
// the counters of a server during its client's runs (--count-pid,
// --count-cgroup), with the events every machine has.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <optional>
#include <thread>

#include "platforms/cgroup2.h"
#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {
namespace fs = std::filesystem;

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

double Number(const RunsTable& t, const std::string& column, std::size_t row = 0) {
  const std::string cell = ColumnOf(t, column).at(row);
  EXPECT_FALSE(cell.empty()) << column << " is empty: " << ColumnOf(t, "notes")[0];
  return cell.empty() ? -1 : std::stod(cell);
}

/// The issue's fork-heavy command: a shell loop of 1000 /bin/true.
const std::string kForkLoop = "i=0; while [ $i -lt 1000 ]; do /bin/true; i=$((i+1)); done";

/// One run of `script` counted `how` (inherit or cgroup) into HOW.csv;
/// nullopt when counting by cgroup cannot be had here (exit status 2).
std::optional<RunsTable> CountedBy(const std::string& how, const std::string& script,
                                      const TempDir& dir) {
  const ProcessResult r = RunTimeit({"-n", "1", "-w", "0", "-e", "syscalls,task-clock",
                                     "--count-by", how, "-o", how + ".csv", "sh", "-c", script},
                                    "", dir.path());
  if (r.exit_status == 2 && how == "cgroup") return std::nullopt;
  EXPECT_EQ(r.exit_status, 0) << r.err;
  RunsTable t = ReadRuns(dir.path() / (how + ".csv"));
  EXPECT_TRUE(Contains(ColumnOf(t, "notes")[0],
                       "counted by " + std::string(how == "cgroup" ? "cgroup" : "inheritance")))
      << ColumnOf(t, "notes")[0];
  return t;
}

TEST(CountByTest, BothModesCountTheSameSystemCallsOfAForkHeavyTree) {
  TempDir dir;
  const auto by_cgroup = CountedBy("cgroup", kForkLoop, dir);
  if (!by_cgroup) GTEST_SKIP() << "no counting by cgroup here";
  const auto by_inheritance = CountedBy("inherit", kForkLoop, dir);
  // The same commands make the same system calls; cgroup counting also has
  // the few of timeit's child before its exec.
  const double a = Number(*by_cgroup, "syscalls"), b = Number(*by_inheritance, "syscalls");
  EXPECT_GE(a, 1000 * 10.0);
  EXPECT_NEAR(a, b, 0.001 * b);
  // Counted by cgroup, task-clock is the cgroup's own CPU time (cpu.stat) of
  // the same run, but for the kernel's switches of the perf contexts, which
  // run outside every event's time: within 2% on a quiet machine (and on
  // QEMU's N1 under -icount, tests/system), 2.7% seen with this suite running
  // beside other builds. (By inheritance it is further off on this tree, as
  // with perf stat: a child's counters also stop before its exit is done.)
  const double clock_us = Number(*by_cgroup, "task-clock") / 1000;
  const double cpu_stat_us = Number(*by_cgroup, "cgroup-user") + Number(*by_cgroup, "cgroup-sys");
  EXPECT_NEAR(clock_us, cpu_stat_us, 0.05 * cpu_stat_us);
}

TEST(CountByTest, BothModesCountTheSameCpuTime) {
  TempDir dir;
  // Two processes burning 0.2 s of user time each, as their own getrusage
  // counts it: the same CPU time in any run, however busy the machine.
  const std::string burn =
      std::string(BURN_CPU_BINARY) + " 0.2 & " + BURN_CPU_BINARY + " 0.2; wait";
  const auto by_cgroup = CountedBy("cgroup", burn, dir);
  if (!by_cgroup) GTEST_SKIP() << "no counting by cgroup here";
  const auto by_inheritance = CountedBy("inherit", burn, dir);
  const double a = Number(*by_cgroup, "task-clock"), b = Number(*by_inheritance, "task-clock");
  EXPECT_GE(b, 0.4e9);
  // 5%, not tests/system's 2%: the two series run one after the other on a
  // machine ctest keeps busy, and each adds its own start-up of sh and a
  // moment of timeit's own before exec (the 2% failed once in a full -j2 run).
  EXPECT_NEAR(a, b, 0.05 * b) << "by cgroup " << a << " ns, by inheritance " << b << " ns";
}

TEST(CountByTest, CountByCgroupWhereItCannotBeHadExits2BeforeTheFirstRun) {
  TempDir dir;
  const ProcessResult contradiction = RunTimeit(
      {"-n", "1", "--no-cgroup", "--count-by", "cgroup", "-o", "x.csv", "true"}, "", dir.path());
  EXPECT_EQ(contradiction.exit_status, 2);
  EXPECT_TRUE(Contains(contradiction.err, "--count-by cgroup needs the runs' cgroups"))
      << contradiction.err;
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to become a user without a cgroup";
  ::chmod(dir.path().c_str(), 0777);
  const ProcessResult user =
      RunProcess({"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", TIMEIT_BINARY,
                  "-n", "1", "--count-by", "cgroup", "-o", "u.csv", "true"},
                 "", dir.path());
  EXPECT_EQ(user.exit_status, 2) << user.err;
  EXPECT_TRUE(Contains(user.err, "timeit: --count-by cgroup: ")) << user.err;
  EXPECT_FALSE(fs::exists(dir.path() / "u.csv")) << "a run was recorded before the error";
}

/// query-pair's server on a socket in `dir`, started by fork so that the
/// test knows its pid; `cgroup_procs`, when given, is joined first.
class Server {
 public:
  Server(const fs::path& dir, const std::string& cgroup_procs = "")
      : socket_((dir / "q.sock").string()) {
    pid_ = ::fork();
    if (pid_ == 0) {
      if (!cgroup_procs.empty()) {
        const int fd = ::open(cgroup_procs.c_str(), O_WRONLY);
        if (fd < 0 || ::write(fd, "0", 1) != 1) ::_exit(125);
      }
      ::execl(QUERY_PAIR_BINARY, "query-pair", "serve", socket_.c_str(), "100", nullptr);
      ::_exit(127);
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!fs::exists(socket_) && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ~Server() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  pid_t pid() const { return pid_; }
  const std::string& socket() const { return socket_; }

 private:
  std::string socket_;
  pid_t pid_;
};

constexpr int kQueries = 300;  // of 100 server calls each

void ExpectTheServersCallsInItsColumn(const RunsTable& t, const std::string& name) {
  for (std::size_t row = 0; row < t.rows.size(); ++row) {
    const double server = Number(t, "syscalls@" + name, row);
    const double client = Number(t, "syscalls", row);
    // The server: 100 getppid plus a read and a write per query.
    EXPECT_GE(server, kQueries * 100.0);
    EXPECT_LT(server, kQueries * 110.0);
    // The client: two per query and its start-up, nothing of the server's.
    EXPECT_GE(client, kQueries * 2.0);
    EXPECT_LT(client, kQueries * 10.0);
  }
}

TEST(CountByTest, CountPidCountsTheServerIntoItsOwnColumns) {
  TempDir dir;
  Server server(dir.path());
  ASSERT_TRUE(fs::exists(server.socket()));
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "0", "-e", "syscalls,task-clock", "--count-pid",
                 std::to_string(server.pid()), "-o", "p.csv", QUERY_PAIR_BINARY, "ask",
                 server.socket(), std::to_string(kQueries)},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "p.csv");
  ExpectTheServersCallsInItsColumn(t, "query-pair");
  EXPECT_GT(Number(t, "task-clock@query-pair"), 0);
}

TEST(CountByTest, CountCgroupCountsTheServersCgroupIntoItsOwnColumns) {
  std::string why;
  const auto where = platforms::FindCgroup2(platforms::SystemRoots{}, why);
  if (!where) GTEST_SKIP() << why;
  const std::string name = "query-server-" + std::to_string(::getpid());
  const std::string cgroup = where->own_dir + "/" + name;
  if (::mkdir(cgroup.c_str(), 0755) != 0) GTEST_SKIP() << cgroup << ": " << std::strerror(errno);
  TempDir dir;
  {
    Server server(dir.path(), cgroup + "/cgroup.procs");
    ASSERT_TRUE(fs::exists(server.socket()));
    // As /proc/PID/cgroup names it: a path from the hierarchy's root.
    const std::string path = (where->own_path == "/" ? "" : where->own_path) + "/" + name;
    const ProcessResult r =
        RunTimeit({"-n", "2", "-w", "0", "-e", "syscalls", "--count-cgroup", path, "-o", "c.csv",
                   QUERY_PAIR_BINARY, "ask", server.socket(), std::to_string(kQueries)},
                  "", dir.path());
    if (r.exit_status == 2 && Contains(r.err, "per-CPU events"))
      GTEST_SKIP() << r.err;  // not root, paranoid > 0
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const RunsTable t = ReadRuns(dir.path() / "c.csv");
    ExpectTheServersCallsInItsColumn(t, name);
    EXPECT_GT(Number(t, "cgroup-user@" + name) + Number(t, "cgroup-sys@" + name), 0);
  }
  ::rmdir(cgroup.c_str());
}

TEST(CountByTest, ATargetThatCannotBeCountedExits2) {
  TempDir dir;
  const ProcessResult gone =
      RunTimeit({"-n", "1", "--count-pid", "999999999", "-o", "g.csv", "true"}, "", dir.path());
  EXPECT_EQ(gone.exit_status, 2);
  EXPECT_TRUE(Contains(gone.err, "timeit: --count-pid 999999999: no such process")) << gone.err;
  const ProcessResult nowhere = RunTimeit(
      {"-n", "1", "--count-cgroup", "no/such.service", "-o", "n.csv", "true"}, "", dir.path());
  EXPECT_EQ(nowhere.exit_status, 2);
  EXPECT_TRUE(Contains(nowhere.err, "timeit: --count-cgroup no/such.service: ")) << nowhere.err;
  const ProcessResult without = RunTimeit(
      {"-n", "1", "--no-counters", "--count-pid", "1", "-o", "w.csv", "true"}, "", dir.path());
  EXPECT_EQ(without.exit_status, 2);
}

TEST(CountByTest, EventsSaysHowTheTreeIsCounted) {
  const ProcessResult r = RunTimeit({"events"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_TRUE(Contains(r.out, "process tree: counted by cgroup: per-CPU events") ||
              Contains(r.out, "process tree: counted by inheritance: "))
      << r.out;
}

}  // namespace
}  // namespace timeit::testing
