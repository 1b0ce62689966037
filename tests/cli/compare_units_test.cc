// One unit per metric wherever compare shows it (wrapper/results/metric_units.h):
// the block's legend and the summary name it, and the block is what Debian's
// ministat prints for the values in that unit -- task-clock's nanoseconds
// from the CSV converted to seconds, the conversion fed to ministat too. The
// CSV keeps its own units.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <sstream>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/cli/summary_csv.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

/// Five runs of task-clock (ns, as the CSV keeps it) and maxrss (KiB).
const char* const kSets[2][5][2] = {{{"1612345678", "8280"},
                                     {"1598765432", "8292"},
                                     {"1634567890", "8276"},
                                     {"1621098765", "8300"},
                                     {"1605432109", "8284"}},
                                    {{"1811111111", "9280"},
                                     {"1822222222", "9292"},
                                     {"1799999999", "9276"},
                                     {"1833333333", "9300"},
                                     {"1805555555", "9284"}}};

void WriteUnitSets(const TempDir& dir) {
  for (int s = 0; s < 2; ++s) {
    std::string csv = "label,task-clock,maxrss\n";
    for (const auto& run : kSets[s])
      csv += fmt::format("{},{},{}\n", s == 0 ? "a" : "b", run[0], run[1]);
    dir.Write(s == 0 ? "a.csv" : "b.csv", csv);
  }
}

/// The block that starts at `legend` in `report`, up to its blank line.
std::string Block(const std::string& report, const std::string& legend) {
  return MinistatBlock(report, legend);
}

TEST(CompareUnitsTest, TaskClockBlockIsMinistatsOnTheSecondsItShows) {
  if (::access(kMinistat, X_OK) != 0) GTEST_SKIP() << kMinistat << " is not installed";
  TempDir dir;
  WriteUnitSets(dir);
  const ProcessResult r = RunTimeit({"compare", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // The seconds, written so that strtod reads back the very doubles.
  for (int s = 0; s < 2; ++s) {
    std::string seconds;
    for (const auto& run : kSets[s]) seconds += fmt::format("{}\n", std::stod(run[0]) * 1e-9);
    dir.Write(std::string(s == 0 ? "a" : "b") + ".task-clock (s)", seconds);
  }
  const ProcessResult peer =
      RunProcess({kMinistat, "a.task-clock (s)", "b.task-clock (s)"}, "", dir.path());
  ASSERT_EQ(peer.exit_status, 0) << peer.err;
  ExpectSameMinistatBlock(Block(r.out, "a.task-clock (s)"), peer.out);
  EXPECT_NE(r.out.find("\ntask-clock (s)  lower    1.614   1.814"), std::string::npos) << r.out;
}

TEST(CompareUnitsTest, MaxrssInKibibytesInTheBlockAndTheSummary) {
  if (::access(kMinistat, X_OK) != 0) GTEST_SKIP() << kMinistat << " is not installed";
  TempDir dir;
  WriteUnitSets(dir);
  const ProcessResult r = RunTimeit({"compare", "-m", "maxrss", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  for (int s = 0; s < 2; ++s) {
    std::string kib;
    for (const auto& run : kSets[s]) kib += std::string(run[1]) + "\n";
    dir.Write(std::string(s == 0 ? "a" : "b") + ".maxrss (KiB)", kib);
  }
  const ProcessResult peer =
      RunProcess({kMinistat, "a.maxrss (KiB)", "b.maxrss (KiB)"}, "", dir.path());
  ASSERT_EQ(peer.exit_status, 0) << peer.err;
  ExpectSameMinistatBlock(Block(r.out, "a.maxrss (KiB)"), peer.out);
  EXPECT_NE(r.out.find("\nmaxrss (KiB)  lower     8286    9286"), std::string::npos) << r.out;
}

// The summary CSV names each row's unit; its means are in it.
TEST(CompareUnitsTest, SummaryCsvSaysTheUnit) {
  TempDir dir;
  WriteUnitSets(dir);
  const ProcessResult r =
      RunTimeit({"compare", "-q", "--all-metrics", "--csv", "-", "a.csv", "b.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto clock = SummaryRow(r.out, "task-clock", "b");
  EXPECT_EQ(clock.at("unit"), "s");
  double sum = 0;
  for (const auto& run : kSets[0]) sum += std::stod(run[0]) * 1e-9;
  EXPECT_NEAR(std::stod(clock.at("mean_baseline")), sum / 5, 1e-15);
  EXPECT_EQ(SummaryRow(r.out, "maxrss", "b").at("unit"), "KiB");
}

// The run mode's own summary: task-clock in seconds, named with its unit,
// its mean the CSV's nanoseconds converted.
TEST(CompareUnitsTest, RunSummaryInTheUnitsCompareShows) {
  TempDir dir;
  const ProcessResult r = RunTimeit({"-n", "3", "-w", "0", "-e", "task-clock", "--all-metrics",
                                     "-o", "s.csv", SYSCALL_LOOP_BINARY, "1000"},
                                    "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const RunsTable t = ReadRuns(dir.path() / "s.csv");
  const std::vector<std::string> cells = ColumnOf(t, "task-clock");
  if (cells.empty() || cells[0].empty()) GTEST_SKIP() << "task-clock not counted here";
  double sum = 0;
  for (const std::string& c : cells) sum += std::stod(c);
  std::istringstream out(r.out);
  std::string line, row;
  while (std::getline(out, line))
    if (line.ends_with("  task-clock (s)")) row = line;
  ASSERT_FALSE(row.empty()) << r.out;
  std::istringstream fields(row.substr(1));
  double n = 0, min = 0, max = 0, median = 0, mean = 0;
  fields >> n >> min >> max >> median >> mean;
  EXPECT_NEAR(mean, sum / 3 * 1e-9, 1e-7 * mean) << row;  // printed to 8 digits
  EXPECT_NE(r.out.find("  real (s)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  maxrss (KiB)\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace timeit::testing
