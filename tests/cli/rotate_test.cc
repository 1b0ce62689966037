// --rotate as a user meets it on a machine without a PMU (this one, CI's),
// and compare on a series --rotate wrote: each metric's N is the runs that
// counted it. Rotation itself, on a PMU, is tests/system/counting_property.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

TEST(RotateTest, NothingToRotateIsSaidOnceAndCountsAsUsual) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "3", "-w", "0", "--rotate", "--count-in-every-run", "-e",
                                     "task-clock,syscalls", "-o", "s.csv", "true"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(Count(r.err, "--rotate: no hardware event is counted here; nothing to rotate"), 1u)
      << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  for (const std::string& cell : ColumnOf(t, "syscalls")) EXPECT_FALSE(cell.empty());
  EXPECT_NE(ColumnOf(t, "notes")[0].find("nothing to rotate"), std::string::npos);
}

TEST(RotateTest, ContradictsNoCounters) {
  const ProcessResult r = RunTimeit({"--rotate", "--no-counters", "true"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err, "timeit: --rotate and --no-counters contradict each other\n");
}

// Two groups in turn: cycles and instructions in both, r08 in odd runs, r11
// in even ones, as --rotate writes them. compare's blocks and summary count
// each metric's own runs: N 6 for cycles, 3 for r08 and r11.
TEST(RotateTest, CompareCountsEachMetricsOwnRuns) {
  TempDir dir;
  const std::string header =
      "label,run,warmup,status,real,cycles,instructions,r08,r11,cycles.running,"
      "instructions.running,r08.running,r11.running,ipc,notes\n";
  for (const char* label : {"a", "b"}) {
    std::ofstream f(dir.path() / (std::string(label) + ".csv"));
    f << header;
    for (int run = 1; run <= 6; ++run) {
      const bool odd = run % 2 == 1;
      const int shift = label[0] == 'b' ? 500 : 0;
      f << label << "," << run << ",0,0,1." << run << "," << 1000 + run + shift << ","
        << 2000 + run + shift << "," << (odd ? std::to_string(300 + run + shift) : "") << ","
        << (odd ? "" : std::to_string(400 + run + shift)) << ",1,1," << (odd ? "1" : "") << ","
        << (odd ? "" : "1") << ",2,--rotate: this run counted group " << (odd ? 1 : 2) << " of 2\n";
    }
  }
  const ProcessResult r =
      RunTimeit({"compare", "-m", "cycles,r08,r11", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("x   6 "), std::string::npos) << r.out;  // cycles
  EXPECT_EQ(Count(r.out, "x   3 "), 2u) << r.out;               // r08, r11
  EXPECT_EQ(Count(r.out, "+   3 "), 2u) << r.out;
}

}  // namespace
}  // namespace timeit::testing
