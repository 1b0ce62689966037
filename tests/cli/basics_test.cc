#include <gtest/gtest.h>

#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

TEST(CliBasicsTest, VersionPrintsProjectVersion) {
  const ProcessResult r = RunTimeit({"--version"});
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_EQ(r.out.rfind("timeit ", 0), 0u) << r.out;
}

TEST(CliBasicsTest, HelpListsSubcommandsOnStdout) {
  const ProcessResult r = RunTimeit({"--help"});
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_NE(r.out.find("usage: timeit"), std::string::npos);
}

TEST(CliBasicsTest, NoArgumentsIsAUsageError) {
  const ProcessResult r = RunTimeit({});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("usage: timeit"), std::string::npos);
}

}  // namespace
}  // namespace timeit::testing
