// `timeit events` and the counter columns of a run, as a user sees them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

/// `text` with lines wrapped at 100 columns (continued by "\n  ") joined again.
std::string Unwrapped(std::string text) {
  for (std::size_t at; (at = text.find("\n  ")) != std::string::npos;) text.replace(at, 3, " ");
  return text;
}

/// The line of `text` that starts with `prefix` (a metric's line).
std::string LineStarting(const std::string& text, const std::string& prefix) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    const std::string line = text.substr(pos, end == std::string::npos ? end : end - pos);
    if (line.rfind(prefix, 0) == 0) return line;
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return {};
}

/// The row of `text` that starts with `prefix`, with the lines an event name
/// too long for its column pushes the encoding and the reason to (they start
/// with more than two blanks).
std::string RowStarting(const std::string& text, const std::string& prefix) {
  const std::string first = LineStarting(text, prefix);
  if (first.empty()) return first;
  std::string row = first;
  for (std::size_t pos = text.find(first + "\n"); pos != std::string::npos;) {
    pos = text.find('\n', pos);
    if (pos == std::string::npos || text.compare(pos + 1, 3, "   ") != 0) break;
    const std::size_t end = text.find('\n', pos + 1);
    row += text.substr(pos, end == std::string::npos ? end : end - pos);
    pos = end;
  }
  return row;
}

/// Whether `row` holds `words` followed by a blank or the end of a line (the
/// status may be wrapped onto the next one): "0x8" must not match "0x82".
bool ContainsWord(const std::string& row, const std::string& words) {
  const std::string text = row + "\n";
  return Contains(text, words + " ") || Contains(text, words + "\n");
}

TEST(EventsTest, DetectedPlatformAndOneLinePerMetric) {
  const ProcessResult r = RunTimeit({"events"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("platform: ", 0), 0u) << r.out;
  EXPECT_TRUE(Contains(r.out, "\nkernel PMUs:")) << r.out;
  EXPECT_TRUE(Contains(r.out, "\nlibpfm4 default PMU:")) << r.out;
  for (const char* metric :
       {"cycles ", "instructions ", "icache-misses ", "branch-misses ", "cache-misses ",
        "syscalls ", "task-clock ", "context-switches ", "cpu-migrations ", "page-faults "}) {
    EXPECT_FALSE(LineStarting(r.out, metric).empty()) << metric << "\n" << r.out;
  }
  // Software events count on every Linux machine with perf_event.
  const std::string clock = LineStarting(r.out, "task-clock ");
  if (!Contains(clock, "counts")) GTEST_SKIP() << "no perf_event_open here: " << clock;
  EXPECT_TRUE(Contains(clock, "type 1 (software), config 0x1")) << clock;
}

TEST(EventsTest, Graviton2Table) {
  const ProcessResult r = RunTimeit({"events", "--platform", "graviton2"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("platform: neoverse-n1 (Arm Neoverse N1 (AWS Graviton2)), as named", 0), 0u)
      << r.out;
  // On arm64 libpfm4 encodes them ("config 0x11"); elsewhere the table's
  // documented codes are shown ("raw 0x11 (per the table)").
  const std::pair<const char*, const char*> rows[] = {
      {"cycles ", "arm_n1::CPU_CYCLES"},
      {"instructions ", "arm_n1::INST_RETIRED"},
      {"icache-misses ", "arm_n1::L1I_CACHE_REFILL"},
      {"branch-misses ", "arm_n1::BR_MIS_PRED_RETIRED"},
      {"exc-svc ", "arm_n1::EXC_SVC"},
  };
  const char* codes[] = {"0x11", "0x8", "0x1", "0x22", "0x82"};
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    const std::string line = RowStarting(r.out, rows[i].first);
    EXPECT_TRUE(Contains(line, rows[i].second)) << line;
    EXPECT_TRUE(ContainsWord(line, codes[i])) << line;
  }
  // syscalls is the tracepoint there too, as on every architecture.
  EXPECT_TRUE(Contains(LineStarting(r.out, "syscalls "), "raw_syscalls:sys_enter")) << r.out;
}

TEST(EventsTest, PentiumDTable) {
  const ProcessResult r = RunTimeit({"events", "--platform", "pentium-d"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("platform: pentium-d (", 0), 0u) << r.out;
  // The event is too long for its column: the encoding is on the next line.
  const std::string icache = RowStarting(r.out, "icache-misses ");
  EXPECT_TRUE(Contains(icache, "netburst_p::BPU_fetch_request:TCMISS")) << icache;
  EXPECT_TRUE(Contains(icache, "0x200020f00031000")) << icache;
  EXPECT_TRUE(Contains(LineStarting(r.out, "cycles "), "netburst_p::global_power_events:RUNNING"));
}

// The P6 family, Pentium M and Core Duo tables are libpfm4 PMUs of its i386
// build alone: the i386 timeit shows them encoded, a 64-bit one says it
// cannot and which binary can (exit 2), rather than a table of nothing.
TEST(EventsTest, P6TableIsTheI386BuildsOnly) {
  const ProcessResult r = RunTimeit({"events", "--platform", "pentium3"});
  if (sizeof(void*) == 8) {
    EXPECT_EQ(r.exit_status, 2) << r.out;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "timeit: events: the pentium3 table is libpfm4's 'p6' PMU, which only libpfm4's "
              "i386 build has; this timeit is a 64-bit build: ask the i386 one "
              "(build-i386/timeit, scripts/test-i386.sh)\n");
    return;
  }
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(
      r.out.rfind("platform: pentium3 (Intel Pentium III (P6, models 7, 8, 10, 11)), as named", 0),
      0u)
      << r.out;
  const std::string icache = RowStarting(r.out, "icache-misses ");
  EXPECT_TRUE(Contains(icache, "p6::IFU_IFETCH_MISS")) << icache;
  EXPECT_TRUE(ContainsWord(icache, "type 4 (raw), config 0x81")) << icache;
  EXPECT_TRUE(ContainsWord(RowStarting(r.out, "cycles "), "config 0x79")) << r.out;
  EXPECT_TRUE(Contains(LineStarting(r.out, "cache-misses "), "p6::L2_RQSTS:I")) << r.out;
}

TEST(EventsTest, DetectsAPentiumMFromItsCpuinfo) {
  const std::string fixture =
      std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/pentium-m.cpuinfo";
  const ProcessResult r = RunTimeit({"events", "--cpuinfo", fixture});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // The lines are wrapped at 100 columns, continued with two blanks.
  const std::string out = Unwrapped(r.out);
  EXPECT_EQ(out.rfind("platform: pentium-m (Intel Pentium M (Banias, Dothan)), from " + fixture +
                          ": GenuineIntel family 6 model 13 stepping 6\n",
                      0),
            0u)
      << r.out;
  // Detection is never an error: a 64-bit timeit says once that the
  // generic events stand in.
  const bool note = Contains(out, "libpfm4: no 'pm' PMU in this 64-bit build");
  EXPECT_EQ(note, sizeof(void*) == 8) << r.out;
  if (sizeof(void*) == 4) {
    EXPECT_TRUE(Contains(LineStarting(r.out, "icache-misses "), "pm::IFU_IFETCH_MISS")) << r.out;
  }
}

TEST(EventsTest, DetectsAGraviton2FromItsCpuinfo) {
  const std::string fixture =
      std::string(TIMEIT_SOURCE_DIR) + "/tests/platforms/data/graviton2.cpuinfo";
  const ProcessResult r = RunTimeit({"events", "--cpuinfo", fixture});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // The line is wrapped at 100 columns, continued with two blanks.
  const std::string out = Unwrapped(r.out);
  EXPECT_EQ(out.rfind("platform: neoverse-n1 (Arm Neoverse N1 (AWS Graviton2)), from " + fixture +
                          ": implementer 0x41 part 0xd0c\n",
                      0),
            0u)
      << r.out;
}

TEST(EventsTest, LinesFitAHundredColumnsAndEncodingsStayAligned) {
  for (const char* platform : {"graviton2", "pentium-d", "skylake", "zen3", ""}) {
    const ProcessResult r =
        RunTimeit(*platform ? std::vector<std::string>{"events", "--platform", platform}
                            : std::vector<std::string>{"events"});
    ASSERT_EQ(r.exit_status, 0) << r.err;
    std::size_t encoding_column = std::string::npos;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LE(line.size(), 100u) << platform << ": " << line;
      if (line.rfind("metric ", 0) == 0) encoding_column = line.find("encoding");
      // An encoding ("raw 0x3c (per the table)", "type 1 (software), ...")
      // starts in the encoding column, also below an event name too long
      // for its own column.
      for (const char* start : {" raw 0x", " type "}) {
        const std::size_t at = line.find(start);
        if (at != std::string::npos && encoding_column != std::string::npos) {
          EXPECT_EQ(at + 1, encoding_column) << platform << ": " << line;
        }
      }
    }
    EXPECT_NE(encoding_column, std::string::npos) << r.out;
  }
}

TEST(EventsTest, UnknownPlatformIsAUsageError) {
  const ProcessResult r = RunTimeit({"events", "--platform", "vax"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_TRUE(Contains(r.err, "unknown platform 'vax'")) << r.err;
  EXPECT_TRUE(Contains(r.err, "graviton2")) << r.err;
  const ProcessResult near = RunTimeit({"events", "--platform", "Zen3"});
  EXPECT_EQ(near.exit_status, 2);
  EXPECT_EQ(near.err, "timeit: events: unknown platform 'Zen3'; did you mean 'zen3'?\n");
}

// A metric the platform has no event for says where one can be had, not
// "see timeit events" inside timeit events itself.
TEST(EventsTest, MetricWithoutAnEventNamesThePlatformsThatHaveOne) {
  const ProcessResult r = RunTimeit({"events", "--platform", "zen3"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_FALSE(Contains(r.out, "see `timeit events`")) << r.out;
  EXPECT_TRUE(Contains(r.out, "no event for it on platform zen3; platforms with one: neoverse-n1"))
      << r.out;
}

TEST(EventsTest, CounterColumnsOfARun) {
#ifdef TIMEIT_EMULATOR
  GTEST_SKIP() << "qemu-user has no perf_event_open, and cannot exec the foreign syscall_loop";
#endif
  TempDir dir;
  // Both counted in each run (--count-in-every-run): this is about the
  // columns a counter fills; TimingRunsTest has the counting runs.
  const ProcessResult r =
      RunTimeit({"-n", "2", "-w", "0", "-q", "-e", "syscalls,task-clock", "--count-in-every-run",
                 "-o", "c.csv", SYSCALL_LOOP_BINARY, "1000"},
                "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string csv = ReadFile(dir.path() / "c.csv");
  const std::string header = csv.substr(0, csv.find('\n'));
  const bool user_only = Contains(header, "syscalls:u");
  if (user_only) GTEST_SKIP() << "kernel counting not permitted here: " << header;
  EXPECT_TRUE(Contains(header, ",syscalls,task-clock,syscalls.running,")) << header;
  const RunsTable t = ReadRuns(dir.path() / "c.csv");
  const auto syscalls = ColumnOf(t, "syscalls");
  const auto clock = ColumnOf(t, "task-clock");
  ASSERT_EQ(syscalls.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    if (syscalls[i].empty()) GTEST_SKIP() << "syscall tracepoint not countable here";
    const long n = std::atol(syscalls[i].c_str());
    EXPECT_GE(n, 1000);  // 1000 getppid calls plus the start-up's
    EXPECT_LT(n, 1200);
    EXPECT_FALSE(clock[i].empty());
  }
}

// A typo in -e ends the series before it starts: one line, exit 2, no CSV.
TEST(EventsTest, UnknownEventIsAUsageError) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-e", "syscalls,no-such-event", "-o", "c.csv", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_TRUE(Contains(r.err, "timeit: -e: unknown event 'no-such-event'")) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "c.csv"));
}

}  // namespace
}  // namespace timeit::testing
