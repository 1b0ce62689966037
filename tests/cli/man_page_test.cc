// docs/timeit.1 against the program: every long option a --help lists is
// described in the man page, so the two cannot drift apart unnoticed.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

std::string ManPage() {
  std::ifstream in(std::string(TIMEIT_SOURCE_DIR) + "/docs/timeit.1");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// "--fail-on" as roff writes it: "\-\-fail\-on".
std::string Roff(const std::string& option) {
  std::string out;
  for (char c : option) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

class ManPageTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ManPageTest, EveryLongOptionOfTheHelpIsInTheManPage) {
  const std::string page = ManPage();
  ASSERT_NE(page.find(".TH TIMEIT"), std::string::npos) << "not the man page";
  std::vector<std::string> args;
  if (*GetParam() != '\0') args.push_back(GetParam());
  args.push_back("--help");
  const ProcessResult help = RunTimeit(args);
  ASSERT_EQ(help.exit_status, 0) << help.err;
  // Option lines start with "  -x, --name" or "      --name".
  const std::regex option_line(R"(^  (?:-[a-zA-Z], |    )(--[a-z][a-z-]*))");
  int options = 0;
  std::istringstream lines(help.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, option_line)) continue;
    ++options;
    EXPECT_NE(page.find(Roff(m[1])), std::string::npos)
        << "timeit " << GetParam() << " " << m[1] << " is not in docs/timeit.1";
  }
  EXPECT_GE(options, 2) << help.out;
}

INSTANTIATE_TEST_SUITE_P(Help, ManPageTest, ::testing::Values("", "compare", "check", "events"),
                         [](const ::testing::TestParamInfo<const char*>& p) {
                           return std::string(*p.param ? p.param : "run");
                         });

}  // namespace
}  // namespace timeit::testing
