// A misspelled subcommand, option, verdict, event or metric: one line that
// names the nearest right word, exit status 2, nothing run or written.
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

struct Misspelling {
  std::vector<std::string> args;
  std::string err;
};

TEST(DidYouMeanTest, OneLineNamingTheNearestWord) {
  TempDir dir;
  dir.Write("a.csv", "real,cycles\n1,10\n2,11\n3,12\n");
  dir.Write("b.csv", "real,cycles\n1,10\n2,11\n3,12\n");
  const std::vector<Misspelling> cases = {
      {{"comapre", "a.csv", "b.csv"},
       "timeit: comapre: not a subcommand, nor a command on PATH; did you mean 'timeit "
       "compare'?\n"},
      {{"compare", "--treshold", "2", "a.csv", "b.csv"},
       "timeit: compare: unrecognised option '--treshold'; did you mean '--threshold'? (see "
       "timeit compare --help)\n"},
      {{"-n", "2", "--run", "3", "true"},
       "timeit: unrecognised option '--run'; did you mean '--runs'? (see timeit --help)\n"},
      {{"compare", "-m", "cylces", "a.csv", "b.csv"},
       "timeit: compare: -m 'cylces': no such metric in a.csv, b.csv; did you mean 'cycles'?; "
       "there are: 'real', 'cycles'\n"},
      {{"compare", "--fail-on", "wrose", "a.csv", "b.csv"},
       "timeit: compare: --fail-on: no verdict 'wrose'; did you mean 'worse'?; there are: "
       "worse, better, inconclusive, below-threshold, same, constant, no-difference (see timeit "
       "compare --help)\n"},
  };
  for (const Misspelling& c : cases) {
    const ProcessResult r = RunTimeit(c.args, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << c.err;
    EXPECT_EQ(r.err, c.err);
    EXPECT_EQ(r.out, "");
  }
}

TEST(DidYouMeanTest, MisspelledEventStopsBeforeTheFirstRun) {
  TempDir dir;
  const ProcessResult r =
      RunTimeit({"-n", "2", "-e", "syscals", "-o", "c.csv", "true"}, "", dir.path());
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_NE(r.err.find("timeit: -e: unknown event 'syscals': "), std::string::npos) << r.err;
  EXPECT_TRUE(r.err.ends_with("; did you mean 'syscalls'?\n")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "c.csv"));
}

TEST(DidYouMeanTest, FarFromEverySubcommandIsStillACommand) {
  const ProcessResult r = RunTimeit({"-n", "1", "-o", "-", "no-such-program-xyz"});
  EXPECT_EQ(r.exit_status, 127) << r.err;
  EXPECT_EQ(r.err, "timeit: no-such-program-xyz: command not found\n");
}

}  // namespace
}  // namespace timeit::testing
