// Bad input everywhere -- `timeit ministat`, `timeit compare` and the run
// mode -- answers with exactly one short line on stderr that names the
// problem (file:line when it came from a file), exit status 2, nothing on
// stdout, and no stack trace or sanitizer report. The ministat cases that
// ministat_test.cc already pins to the exact text (non-numeric, NaN/inf,
// empty, too few points, > 7 sets, bad -C/-c/-d/-w) are not repeated here.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

/// 10 MB on one line.
std::string TenMegabytes(char c) { return std::string(10 << 20, c); }

/// Bytes 0..255 in a fixed pseudo-random order, 4 KiB of them: NULs, line
/// breaks, quotes, commas and invalid UTF-8.
std::string BinaryGarbage() {
  std::mt19937 random(8);
  std::string s;
  for (int i = 0; i < 4096; ++i) s.push_back(static_cast<char>(random() & 0xff));
  return s;
}

struct BadInputCase {
  std::string name;                       ///< gtest's name for the case
  std::vector<std::string> args;          ///< after `timeit`
  /// Written into the working directory first, after Expand.
  std::map<std::string, std::string> files;
  std::string names;                      ///< the error line must contain this
};

/// A file's text with each "{10MB:c}" made 10 MB of c and "{garbage}" made
/// BinaryGarbage(). The cases are built when the test program starts, every
/// case in every process ctest starts; with the 10 MB written out there,
/// each process of the ASan build held 400 MB and took 7 s to start.
std::string Expand(std::string text) {
  for (std::size_t at = 0; (at = text.find("{10MB:", at)) != std::string::npos; at += 10 << 20)
    text.replace(at, 8, TenMegabytes(text[at + 6]));
  const std::string garbage = BinaryGarbage();
  for (std::size_t at = 0; (at = text.find("{garbage}", at)) != std::string::npos;
       at += garbage.size())
    text.replace(at, 9, garbage);
  return text;
}

void PrintTo(const BadInputCase& c, std::ostream* os) { *os << c.name; }

/// Data that is fine for the reader, so that the other file is the problem.
const std::map<std::string, std::string> kGood = {{"a.csv", "real,user\n1,2\n2,3\n3,4\n"},
                                                  {"b.csv", "real,user\n2,3\n3,4\n4,5\n"},
                                                  {"ok", "1\n2\n3\n"}};

class BadInputTest : public ::testing::TestWithParam<BadInputCase> {};

TEST_P(BadInputTest, OneLineNamingTheProblemAndExit2) {
  const BadInputCase& c = GetParam();
  TempDir dir;
  for (const auto& [name, text] : kGood) dir.Write(name, text);
  for (const auto& [name, text] : c.files) dir.Write(name, Expand(text));
  const ProcessResult r = RunTimeit(c.args, "", dir.path());
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.rfind("timeit: ", 0), 0u) << r.err.substr(0, 500);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err.substr(0, 500);
  EXPECT_EQ(r.err.back(), '\n');
  // A line a person can read: a 10 MB field is quoted in part only.
  EXPECT_LT(r.err.size(), 400u) << r.err.substr(0, 500);
  EXPECT_NE(r.err.find(c.names), std::string::npos) << r.err.substr(0, 500);
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err.substr(0, 500);
}

std::string Name(const ::testing::TestParamInfo<BadInputCase>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(
    Ministat, BadInputTest,
    ::testing::Values(
        BadInputCase{"HeaderAlone", {"ministat", "ok", "h"}, {{"h", "time\n"}}, "h:1: 'time' is not a number"},
        BadInputCase{"HeaderThenData", {"ministat", "h"}, {{"h", "time\n1\n2\n3\n"}}, "h:1: "},
        BadInputCase{"TenMegabyteLine", {"ministat", "ok", "big"}, {{"big", "1\n{10MB:x}\n"}},
                     "big:2: 'xxxx"},
        BadInputCase{"TenMegabyteNumber", {"ministat", "ok", "big"}, {{"big", "1\n{10MB:9}\n"}},
                     "big:2: '9999"},
        BadInputCase{"BinaryGarbage", {"ministat", "ok", "bin"}, {{"bin", "{garbage}"}}, "bin:"},
        BadInputCase{"RaggedColumns", {"ministat", "-C", "2", "r"}, {{"r", "a 1\nb\nc x\n"}}, "r:3: 'x'"},
        BadInputCase{"NegativeColumn", {"ministat", "-C", "-3", "ok"}, {}, "-C"},
        BadInputCase{"HugeColumn", {"ministat", "-C", "99999999999", "ok"}, {}, "-C"}),
    Name);

INSTANTIATE_TEST_SUITE_P(
    Compare, BadInputTest,
    ::testing::Values(
        BadInputCase{"NonNumericCell", {"compare", "a.csv", "x.csv"}, {{"x.csv", "real,user\n1,2\nfast,3\n4,5\n"}},
                     "x.csv:3: column 'real': 'fast' is not a number"},
        BadInputCase{"RaggedRow", {"compare", "a.csv", "x.csv"}, {{"x.csv", "real,user\n1,2\n3\n4,5\n"}},
                     "x.csv:3: ragged row"},
        BadInputCase{"EmptyFile", {"compare", "a.csv", "x.csv"}, {{"x.csv", ""}}, "x.csv: "},
        BadInputCase{"HeaderAlone", {"compare", "x.csv", "a.csv", "b.csv"}, {{"x.csv", "real,user\n"}}, "x.csv"},
        BadInputCase{"Infinity", {"compare", "a.csv", "x.csv"}, {{"x.csv", "real,user\n1,2\ninf,3\n4,5\n"}},
                     "x.csv:3: column 'real': 'inf'"},
        BadInputCase{"NegativeInfinity", {"compare", "a.csv", "x.csv"}, {{"x.csv", "real,user\n1,2\n3,-inf\n4,5\n"}},
                     "x.csv:3: column 'user': '-inf'"},
        BadInputCase{"OutOfRange", {"compare", "a.csv", "x.csv"}, {{"x.csv", "real,user\n1,2\n1e999,3\n4,5\n"}},
                     "x.csv:3: column 'real': '1e999'"},
        BadInputCase{"TenMegabyteCell", {"compare", "a.csv", "x.csv"},
                     {{"x.csv", "real,user\n1,2\n{10MB:9},3\n4,5\n"}}, "x.csv:3: column 'real': '9999"},
        BadInputCase{"TenMegabyteHeader", {"compare", "a.csv", "x.csv"},
                     {{"x.csv", "real,{10MB:u}\n1,2\n2,x\n"}}, "x.csv:3: column 'uuuu"},
        BadInputCase{"LineBreakInACell", {"compare", "a.csv", "x.csv"},
                     {{"x.csv", "real,user\n1,2\n\"2\nfast\",3\n4,5\n"}}, "x.csv:3: column 'real'"},
        BadInputCase{"BinaryGarbage", {"compare", "a.csv", "x.csv"}, {{"x.csv", "{garbage}"}}, "x.csv"},
        BadInputCase{"DuplicateColumns", {"compare", "a.csv", "x.csv"}, {{"x.csv", "real,user,real\n1,2,3\n"}},
                     "x.csv:1: duplicate column 'real'"},
        BadInputCase{"UnknownMetric", {"compare", "-m", "real,bogus", "a.csv", "b.csv"}, {}, "bogus"},
        BadInputCase{"EmptyMetricList", {"compare", "-m", ",", "a.csv", "b.csv"}, {}, "-m"},
        BadInputCase{"EightSets",
                     {"compare", "a.csv", "b.csv", "c.csv", "d.csv", "e.csv", "f.csv", "g.csv", "h.csv"},
                     {{"c.csv", "real\n1\n"}, {"d.csv", "real\n1\n"}, {"e.csv", "real\n1\n"},
                      {"f.csv", "real\n1\n"}, {"g.csv", "real\n1\n"}, {"h.csv", "real\n1\n"}},
                     "h.csv:2: an 8th set"},
        BadInputCase{"OneSet", {"compare", "a.csv"}, {}, "a.csv: only one set"},
        BadInputCase{"MissingFile", {"compare", "a.csv", "nope.csv"}, {}, "nope.csv"},
        BadInputCase{"NoFiles", {"compare"}, {}, "no files"},
        BadInputCase{"BadWidth", {"compare", "-w", "abc", "a.csv", "b.csv"}, {}, "-w"},
        BadInputCase{"NegativeConfidence", {"compare", "-c", "-3", "a.csv", "b.csv"}, {}, "-c"}),
    Name);

INSTANTIATE_TEST_SUITE_P(
    Run, BadInputTest,
    ::testing::Values(
        BadInputCase{"NegativeCount", {"-n", "-3", "true"}, {}, "-n/--runs: expected a positive integer, got '-3'"},
        BadInputCase{"NonNumericCount", {"-n", "abc", "true"}, {}, "got 'abc'"},
        BadInputCase{"ZeroCount", {"-n", "0", "true"}, {}, "got '0'"},
        BadInputCase{"HugeCount", {"-n", "99999999999", "true"}, {}, "got '99999999999'"},
        BadInputCase{"CountWithJunk", {"-n", "10x", "true"}, {}, "got '10x'"},
        BadInputCase{"NegativeWarmup", {"-w", "-1", "true"}, {}, "-w/--warmup"},
        BadInputCase{"NonNumericTimeout", {"--timeout", "soon", "true"}, {}, "--timeout"},
        BadInputCase{"InfiniteTimeout", {"--timeout", "inf", "true"}, {}, "--timeout"},
        BadInputCase{"NanTimeout", {"--timeout", "nan", "true"}, {}, "--timeout"},
        BadInputCase{"BadCpuList", {"--cpus", "3-1", "true"}, {}, "--cpus"},
        BadInputCase{"UnknownOption", {"--bogus", "true"}, {}, "bogus"},
        // Found by fuzz_options: Boost threw on the empty name, "internal error", exit 1.
        BadInputCase{"EmptyLongOptionName", {"--=bar", "true"}, {}, "unrecognised option '--=bar'"},
        BadInputCase{"EmptyLongOptionNameAlone", {"--=", "true"}, {}, "'--='"},
        BadInputCase{"MissingValue", {"-o", "s.csv", "-n"}, {}, "-n"},
        BadInputCase{"NoCommand", {"-n", "3"}, {}, "no command"},
        BadInputCase{"EventsAndNoCounters", {"-e", "cycles", "--no-counters", "true"}, {}, "--no-counters"},
        BadInputCase{"AppendToGarbage", {"-o", "x.csv", "true"}, {{"x.csv", "{garbage}"}}, "x.csv"},
        BadInputCase{"AppendToATenMegabyteLine", {"-o", "x.csv", "true"},
                     {{"x.csv", "{10MB:c}\n1\n"}}, "x.csv"},
        BadInputCase{"AppendToDuplicateColumns", {"-o", "x.csv", "true"}, {{"x.csv", "a,a\n1,2\n"}},
                     "x.csv:1: duplicate column 'a'"},
        // Habits from hyperfine and perf stat say what to use here.
        BadInputCase{"HyperfinesRuns", {"-r", "5", "true"}, {}, "the number of runs is -n/--runs here"},
        BadInputCase{"PerfStatsRepeat", {"--repeat", "5", "true"}, {}, "-n/--runs here"},
        BadInputCase{"HyperfinesNoShell", {"-N", "true"}, {}, "--shell runs it through /bin/sh -c"},
        // An output the user names that cannot be opened is the user's input.
        BadInputCase{"OutputInAMissingFolder", {"-o", "no/such/s.csv", "true"}, {}, "no/such/s.csv: cannot open"}),
    Name);

}  // namespace
}  // namespace timeit::testing
