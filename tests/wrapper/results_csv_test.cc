#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "wrapper/base/errors.h"
#include "wrapper/results/results_columns.h"
#include "wrapper/results/results_csv_reader.h"
#include "wrapper/results/results_csv_writer.h"
#include "wrapper/results/results_row.h"

namespace timeit {
namespace {
namespace fs = std::filesystem;

class ResultsCsvTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "timeit-csv-XXXXXX").string();
    ASSERT_NE(mkdtemp(templ.data()), nullptr);
    dir_ = templ;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  void Write(const std::string& name, const std::string& text) const {
    std::ofstream(Path(name), std::ios::binary) << text;
  }
  std::string Read(const std::string& name) const {
    std::ifstream in(Path(name), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  fs::path dir_;
};

const std::vector<std::string> kColumns = {"label", "run", "warmup", "start", "status", "real"};
const std::string kResultsHeader = "label,run,warmup,start,status,real\n";

TEST_F(ResultsCsvTest, NewFileGetsHeaderThenRows) {
  std::vector<std::string> warnings;
  ResultsCsvWriter w(Path("a.csv"), kColumns, warnings);
  EXPECT_FALSE(w.appending());
  EXPECT_EQ(w.LastRun("a"), 0);
  w.Append("a,1,1,t,0,1.5\n", false);
  w.Append("a,2,0,t,0,1.25\n", true);
  EXPECT_EQ(Read("a.csv"), kResultsHeader + "a,1,1,t,0,1.5\na,2,0,t,0,1.25\n");
  EXPECT_TRUE(warnings.empty());
}

TEST_F(ResultsCsvTest, AppendingContinuesTheLabelsRunNumbers) {
  Write("a.csv", kResultsHeader + "a,1,1,t,0,1\na,2,0,t,0,1\nb,7,0,t,0,1\n");
  std::vector<std::string> warnings;
  ResultsCsvWriter w(Path("a.csv"), kColumns, warnings);
  EXPECT_TRUE(w.appending());
  EXPECT_EQ(w.LastRun("a"), 2);
  w.Append("a,3,0,t,0,1\n", false);
  EXPECT_EQ(Read("a.csv"), kResultsHeader + "a,1,1,t,0,1\na,2,0,t,0,1\nb,7,0,t,0,1\na,3,0,t,0,1\n");
}

TEST_F(ResultsCsvTest, DifferentColumnsAreAClearError) {
  Write("a.csv", "label,run,warmup,start,status,real,cycles\n");
  std::vector<std::string> warnings;
  try {
    ResultsCsvWriter w(Path("a.csv"), kColumns, warnings);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(
        std::string(e.what()).rfind(Path("a.csv") + ":1: cannot append: its columns differ", 0), 0u)
        << e.what();
    EXPECT_EQ(e.exit_status(), kExitBadInput);
  }
}

TEST_F(ResultsCsvTest, AppendingToAFileWithoutConditionColumnsFollowsItsHeader) {
  const std::vector<std::string> ours = {"label", "run",  "warmup",  "start", "status", "real",
                                         "notes", "host", "boot_id", "load1", "command"};
  const std::string old_header = "label,run,warmup,start,status,real,notes,host,command\n";
  Write("a.csv", old_header + "a,1,0,t,0,1,,h,true\n");
  std::vector<std::string> warnings;
  ResultsCsvWriter w(Path("a.csv"), ours, warnings);
  EXPECT_TRUE(w.appending());
  EXPECT_EQ(w.LastRun("a"), 1);
  EXPECT_EQ(w.columns(), (std::vector<std::string>{"label", "run", "warmup", "start", "status",
                                                   "real", "notes", "host", "command"}));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], Path("a.csv") +
                             ": its header has no columns boot_id, load1 (written by an earlier "
                             "timeit): appended rows follow its header");
}

TEST_F(ResultsCsvTest, AppendingToAFileWithoutStatusTextFollowsItsHeader) {
  const std::vector<std::string> ours = {"label",  "run",         "warmup", "start",
                                         "status", "status_text", "real",   "notes",
                                         "host",   "boot_id",     "command"};
  Write("a.csv",
        "label,run,warmup,start,status,real,notes,host,boot_id,command\n"
        "a,1,0,t,SIGSEGV,1,,h,b,true\n");
  std::vector<std::string> warnings;
  ResultsCsvWriter w(Path("a.csv"), ours, warnings);
  EXPECT_EQ(w.LastRun("a"), 1);
  EXPECT_EQ(w.columns()[4], "status");
  EXPECT_EQ(w.columns()[5], "real");
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], Path("a.csv") +
                             ": its header has no column status_text (written by an earlier "
                             "timeit): appended rows follow its header");
}

TEST_F(ResultsCsvTest, AFileWithoutRowsIsRemovedOnlyWhenThisWriterCreatedIt) {
  {
    std::vector<std::string> warnings;
    ResultsCsvWriter w(Path("new.csv"), kColumns, warnings);
    EXPECT_TRUE(w.RemoveIfNoRows());
  }
  EXPECT_FALSE(fs::exists(Path("new.csv")));
  Write("old.csv", kResultsHeader);
  {
    std::vector<std::string> warnings;
    ResultsCsvWriter w(Path("old.csv"), kColumns, warnings);
    EXPECT_FALSE(w.RemoveIfNoRows());
  }
  EXPECT_EQ(Read("old.csv"), kResultsHeader);
  {
    std::vector<std::string> warnings;
    ResultsCsvWriter w(Path("rows.csv"), kColumns, warnings);
    w.Append("a,1,0,t,0,1\n", false);
    EXPECT_EQ(w.rows_written(), 1);
    EXPECT_FALSE(w.RemoveIfNoRows());
  }
  EXPECT_EQ(Read("rows.csv"), kResultsHeader + "a,1,0,t,0,1\n");
}

TEST_F(ResultsCsvTest, PartialLastLineOfACrashIsRemovedBeforeAppending) {
  Write("a.csv", kResultsHeader + "a,1,1,t,0,1\na,2,0,t,0,0.9");
  std::vector<std::string> warnings;
  ResultsCsvWriter w(Path("a.csv"), kColumns, warnings);
  EXPECT_EQ(w.LastRun("a"), 1);
  w.Append("a,2,0,t,0,1\n", false);
  EXPECT_EQ(Read("a.csv"), kResultsHeader + "a,1,1,t,0,1\na,2,0,t,0,1\n");
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0],
            Path("a.csv") + ":3: removed an incomplete last row (left by an interrupted run)");
}

TEST_F(ResultsCsvTest, NulBytesLeftByAPowerLossAreRemoved) {
  Write("a.csv", kResultsHeader + "a,1,1,t,0,1\n" + std::string(5, '\0'));
  std::vector<std::string> warnings;
  ResultsCsvWriter w(Path("a.csv"), kColumns, warnings);
  EXPECT_EQ(Read("a.csv"), kResultsHeader + "a,1,1,t,0,1\n");
  EXPECT_EQ(warnings.size(), 1u);
}

TEST_F(ResultsCsvTest, CutOffHeaderIsRewritten) {
  Write("a.csv", "label,ru");
  std::vector<std::string> warnings;
  ResultsCsvWriter w(Path("a.csv"), kColumns, warnings);
  EXPECT_EQ(Read("a.csv"), kResultsHeader);
}

TEST_F(ResultsCsvTest, ReaderSkipsOurPartialLastRowWithAWarning) {
  std::vector<std::string> warnings;
  const ResultsTable t = ParseResultsCsv(kResultsHeader + "a,1,1,t,0,1\na,2,0,t,0,0.", "a.csv", &warnings);
  EXPECT_EQ(t.rows.size(), 1u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "a.csv:3: skipped an incomplete last row (left by an interrupted run)");
}

TEST_F(ResultsCsvTest, ReaderKeepsTheLastRowOfOtherCsvsWithoutFinalNewline) {
  const ResultsTable t = ParseResultsCsv("\xEF\xBB\xBFx,y\r\n1,2\r\n3,4", "h.csv", nullptr);
  EXPECT_FALSE(t.IsTimeitFormat());
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"3", "4"}));
  EXPECT_EQ(t.lines[1], 3);
  EXPECT_EQ(*t.Column("y"), 1u);
}

TEST_F(ResultsCsvTest, ReaderErrorsNameFileAndLine) {
  EXPECT_THROW(ParseResultsCsv("", "e.csv", nullptr), InputError);
  try {
    ParseResultsCsv("x,y\n1,2\n3\n", "r.csv", nullptr);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "r.csv:3: ragged row: 1 fields, the header has 2");
  }
  try {
    ParseResultsCsv("x,x\n", "d.csv", nullptr);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "d.csv:1: duplicate column 'x'");
  }
}

TEST_F(ResultsCsvTest, MetricCells) {
  const ResultsTable t = ParseResultsCsv("m\n1.5\n\n\"\"\nabc\n", "m.csv", nullptr);
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(ParseMetricCell(t, 0, 0), 1.5);
  EXPECT_EQ(ParseMetricCell(t, 1, 0), std::nullopt);
  try {
    ParseMetricCell(t, 2, 0);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "m.csv:5: column 'm': 'abc' is not a number");
  }
}

/// Metadata with every condition set, the laptop's values in part.
SeriesMetadata ExampleMetadata() {
  SeriesMetadata m{"host1",   "6.1.0", "#1 SMP Debian 6.1.0, 2024", "AMD EPYC",
                   "unknown", "0.1.0", "sh -c 'echo \"hi\"'",       "",
                   {}};
  m.conditions.boot_id = "7c0a7e0e";
  m.conditions.cmdline = "ro quiet";
  m.conditions.microcode = "0xf4";
  m.conditions.governor = "performance,powersave";
  m.conditions.boost = "on";
  m.conditions.smt = "on";
  m.conditions.aslr = "2";
  m.conditions.thp = "always";
  m.conditions.nmi_watchdog = "1";
  m.conditions.perf_event_paranoid = "4";
  m.conditions.mitigations = "25503785 mitigated: mds";
  m.conditions.load1 = "1.37";
  m.conditions.cpus_online = "0-7";
  m.conditions.virtualized = "no";
  m.conditions.boot_method = "kexec";
  return m;
}

TEST(ResultsRowTest, ExactRowWithEmptyCellsAndQuotedCommand) {
  ResultsRowFormatter f("isync", ExampleMetadata(), {"real", "user", "cycles"});
  std::string header;
  for (const std::string& c : f.columns()) header += (header.empty() ? "" : ",") + c;
  EXPECT_EQ(header,
            "label,run,warmup,start,status,status_text,real,user,cycles,notes,host,kernel_release,"
            "kernel_version,cpu_model,platform,boot_id,cmdline,microcode,governor,boost,smt,aslr,"
            "thp,nmi_watchdog,perf_event_paranoid,mitigations,load1,cpus_online,virtualized,"
            "boot_method,timeit_version,command");
  const struct timespec start { 1700000000, 123456789 };
  EXPECT_EQ(f.Format(3, false, start, {0, ""}, {1.5, 0.25, std::nullopt}, "cycles: not supported"),
            "isync,3,0,2023-11-14T22:13:20.123Z,0,,1.5,0.25,,cycles: not supported,host1,6.1.0,"
            "\"#1 SMP Debian 6.1.0, 2024\",AMD EPYC,unknown,7c0a7e0e,ro quiet,0xf4,"
            "\"performance,powersave\",on,on,2,always,1,4,25503785 mitigated: mds,1.37,0-7,no,"
            "kexec,0.1.0,\"sh -c 'echo \"\"hi\"\"'\"\n");
}

// Counts in digits at any size (fmt's shortest form of 2e16 is "2e+16"),
// times as the shortest decimal that reads back.
TEST(ResultsRowTest, WholeNumbersInDigitsDecimalsAsTheyAre) {
  ResultsRowFormatter f("x", ExampleMetadata(), {"real", "cycles", "task-clock"});
  const struct timespec start { 1700000000, 0 };
  const std::string row(f.Format(1, false, start, {0, ""}, {0.125, 2e16, 948692068}, "n"));
  EXPECT_EQ(row.substr(0, row.find(",n,")),
            "x,1,0,2023-11-14T22:13:20.000Z,0,,0.125,20000000000000000,948692068");
}

TEST(ResultsRowTest, RowsForAFileOfAnEarlierTimeitLeaveOutTheConditions) {
  ResultsRowFormatter f("isync", ExampleMetadata(), {"real"});
  const std::vector<std::string> earlier = {
      "label",     "run",      "warmup",         "start",          "status",
      "real",      "notes",    "host",           "kernel_release", "kernel_version",
      "cpu_model", "platform", "timeit_version", "command"};
  ASSERT_TRUE(IsEarlierLayout(earlier, f.columns()));
  f.UseFileColumns(earlier);
  EXPECT_EQ(f.columns(), earlier);
  const struct timespec start { 1700000000, 0 };
  EXPECT_EQ(f.Format(1, false, start, {0, ""}, {1.5}, ""),
            "isync,1,0,2023-11-14T22:13:20.000Z,0,1.5,,host1,6.1.0,\"#1 SMP Debian 6.1.0, 2024\","
            "AMD EPYC,unknown,0.1.0,\"sh -c 'echo \"\"hi\"\"'\"\n");
  // Without status_text, `status` holds the signal's name as it did then.
  EXPECT_EQ(f.Format(2, false, start, {139, "SIGSEGV"}, {1.5}, ""),
            "isync,2,0,2023-11-14T22:13:20.000Z,SIGSEGV,1.5,,host1,6.1.0,\"#1 SMP Debian 6.1.0, "
            "2024\",AMD EPYC,unknown,0.1.0,\"sh -c 'echo \"\"hi\"\"'\"\n");
}

TEST(ResultsRowTest, RowsForAFileWithConditionsButNoStatusText) {
  ResultsRowFormatter f("isync", ExampleMetadata(), {"real"});
  std::vector<std::string> earlier = f.columns();
  earlier.erase(earlier.begin() + 5);  // status_text
  ASSERT_TRUE(IsEarlierLayout(earlier, f.columns()));
  f.UseFileColumns(earlier);
  const struct timespec start { 1700000000, 0 };
  EXPECT_EQ(f.Format(1, false, start, {137, "timeout"}, {2.5}, ""),
            "isync,1,0,2023-11-14T22:13:20.000Z,timeout,2.5,,host1,6.1.0,\"#1 SMP Debian 6.1.0, "
            "2024\",AMD EPYC,unknown,7c0a7e0e,ro quiet,0xf4,\"performance,powersave\",on,on,2,"
            "always,1,4,25503785 mitigated: mds,1.37,0-7,no,kexec,0.1.0,"
            "\"sh -c 'echo \"\"hi\"\"'\"\n");
  EXPECT_EQ(f.Format(2, false, start, {3, ""}, {2.5}, "").substr(0, 38),
            "isync,2,0,2023-11-14T22:13:20.000Z,3,2");
}

TEST(ResultsColumnsTest, EarlierLayoutLacksOnlyConditionColumnsAndStatusText) {
  const std::vector<std::string> ours = {"label", "run",     "real",    "notes",
                                         "host",  "boot_id", "cmdline", "command"};
  EXPECT_TRUE(IsEarlierLayout({"label", "run", "real", "notes", "host", "command"}, ours));
  EXPECT_TRUE(
      IsEarlierLayout({"label", "run", "real", "notes", "host", "cmdline", "command"}, ours));
  EXPECT_TRUE(IsEarlierLayout(ours, ours));
  EXPECT_FALSE(IsEarlierLayout({"label", "run", "notes", "host", "command"}, ours));  // no real
  EXPECT_FALSE(IsEarlierLayout({"label", "run", "real", "notes", "command", "host"}, ours));
  EXPECT_FALSE(
      IsEarlierLayout({"label", "run", "real", "notes", "host", "command", "extra"}, ours));
  const std::vector<std::string> with_status = {"status", "status_text", "real", "notes",
                                                "cmdline"};
  EXPECT_TRUE(IsEarlierLayout({"status", "real", "notes"}, with_status));
  EXPECT_TRUE(IsEarlierLayout({"status", "real", "notes", "cmdline"}, with_status));
  EXPECT_FALSE(IsEarlierLayout({"status_text", "real", "notes"}, with_status));  // no status
}

TEST(ResultsColumnsTest, AClocksUserModeMarkIsDropped) {
  using Header = std::vector<std::string>;
  EXPECT_EQ(ColumnsAsNamedNow({"real", "cycles:u", "task-clock:u", "page-faults:u", "ipc:u",
                               "cpu-clock:u", "cpu-clock:u.running", "task-clock:u@mariadbd"}),
            (Header{"real", "cycles:u", "task-clock", "page-faults:u", "ipc:u", "cpu-clock",
                    "cpu-clock.running", "task-clock@mariadbd"}));
  // Not another modifier's, and not where -e named both.
  EXPECT_EQ(ColumnsAsNamedNow({"task-clock:uk", "task-clock-x:u"}),
            (Header{"task-clock:uk", "task-clock-x:u"}));
  EXPECT_EQ(ColumnsAsNamedNow({"task-clock", "task-clock:u"}),
            (Header{"task-clock", "task-clock:u"}));
}

TEST(ResultsRowTest, HigherIsBetterColumnOnlyWhenSomeMetricIs) {
  SeriesMetadata m{"h", "6.1.0", "#1", "cpu", "generic", "0.1.0", "bench", "qps tps", {}};
  ResultsRowFormatter f("smack", m, {"real", "qps", "tps"});
  EXPECT_EQ(f.columns().back(), "higher_is_better");
  const struct timespec start { 1700000000, 0 };
  EXPECT_EQ(f.Format(1, true, start, {137, "timeout"}, {1.5, 4039.25, std::nullopt}, ""),
            "smack,1,1,2023-11-14T22:13:20.000Z,137,timeout,1.5,4039.25,,,h,6.1.0,#1,cpu,generic,"
            ",,,,,,,,,,,,,,,0.1.0,bench,qps tps\n");  // the 15 conditions are empty
}

TEST(ResultsRowTest, RunStatusIsNumericAndNamesTheSignal) {
  const RunStatus exited = RunStatusOf(3 << 8, false);
  EXPECT_EQ(exited.code, 3);
  EXPECT_EQ(exited.text, "");
  const RunStatus segv = RunStatusOf(SIGSEGV, false);
  EXPECT_EQ(segv.code, 128 + SIGSEGV);
  EXPECT_EQ(segv.text, "SIGSEGV");
  const RunStatus timeout = RunStatusOf(SIGKILL, true);  // as a shell reports it: 137
  EXPECT_EQ(timeout.code, 137);
  EXPECT_EQ(timeout.text, "timeout");
}

}  // namespace
}  // namespace timeit
