#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run_timeit.h"
#include "tests/cli/summary_csv.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

/// The version the top-level CMakeLists.txt declares: project(timeit VERSION x.y.z ...).
std::string DeclaredVersion() {
  std::ifstream in(std::string(TIMEIT_SOURCE_DIR) + "/CMakeLists.txt");
  std::string line;
  while (std::getline(in, line)) {
    const std::string key = "project(timeit VERSION ";
    if (const auto at = line.find(key); at != std::string::npos) {
      const std::string rest = line.substr(at + key.size());
      return rest.substr(0, rest.find_first_of(" )"));
    }
  }
  return "(no project() line)";
}

TEST(CliBasicsTest, VersionIsTheWholeLineInEveryForm) {
  const std::string line = "timeit " + DeclaredVersion() + "\n";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--version"}, {"version"}, {"-n", "3", "--version"}}) {
    const ProcessResult r = RunTimeit(args);
    EXPECT_EQ(r.exit_status, 0) << args[0];
    EXPECT_EQ(r.out, line) << args[0];
  }
}

TEST(CliBasicsTest, HelpOnceOnStdoutWithOurOwnOptionList) {
  const ProcessResult r = RunTimeit({"--help"});
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_EQ(r.out.rfind("usage: timeit [options] [--] COMMAND [ARGS...]\n", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("usage:", 1), std::string::npos) << "usage printed twice:\n" << r.out;
  EXPECT_NE(r.out.find("\n  -n, --runs N "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n      --timeout SECONDS "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("[ --"), std::string::npos) << "Boost's notation:\n" << r.out;
  EXPECT_NE(r.out.find("\nsubcommands:\n"), std::string::npos) << r.out;
  for (const std::string& line : TextLines(r.out)) EXPECT_LE(line.size(), 100u) << line;
}

// Other options are still parsed, as GNU tools parse them: a bad one is
// the error, not a version line (the man page says so).
TEST(CliBasicsTest, VersionAfterABadOptionIsTheBadOptionsError) {
  const ProcessResult r = RunTimeit({"-n", "abc", "--version"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("timeit: -n", 0), 0u) << r.err;
}

// `timeit help [SUBCOMMAND]` prints what --help prints (it used to run a
// command named help: exit 127).
TEST(CliBasicsTest, HelpSubcommandPrintsTheHelpOfWhatItNames) {
  EXPECT_EQ(RunTimeit({"help"}).out, RunTimeit({"--help"}).out);
  for (const char* sub : {"compare", "check", "events", "ministat"}) {
    const ProcessResult r = RunTimeit({"help", sub});
    EXPECT_EQ(r.exit_status, 0) << sub << r.err;
    EXPECT_EQ(r.out, RunTimeit({sub, "--help"}).out) << sub;
  }
  const ProcessResult typo = RunTimeit({"help", "comprae"});
  EXPECT_EQ(typo.exit_status, 2);
  EXPECT_EQ(typo.err,
            "timeit: help: no subcommand 'comprae'; did you mean 'compare'? (see timeit --help)\n");
}

TEST(CliBasicsTest, NoArgumentsIsAUsageError) {
  const ProcessResult r = RunTimeit({});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("usage: timeit"), std::string::npos);
}

}  // namespace
}  // namespace timeit::testing
