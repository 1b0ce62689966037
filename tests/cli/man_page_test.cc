// docs/timeit.1 against the program: every long option a --help lists is
// described in the man page, so the two cannot drift apart unnoticed.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
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

/// The part of the page that describes `subcommand`: OPTIONS for the run
/// mode (""), else its entry under SUBCOMMANDS up to the next entry.
std::string Section(const std::string& page, const std::string& subcommand) {
  const std::string begin = subcommand.empty() ? ".SH OPTIONS\n" : ".B timeit " + subcommand + " ";
  const std::size_t from = page.find(begin);
  if (from == std::string::npos) return {};
  const std::size_t to = subcommand.empty() ? page.find("\n.SH ", from + 1)
                                            : std::min(page.find("\n.TP\n.B timeit ", from),
                                                       page.find("\n.SH ", from));
  return page.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

class ManPageTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ManPageTest, EveryLongOptionOfTheHelpIsInTheManPage) {
  const std::string whole = ManPage();
  ASSERT_NE(whole.find(".TH TIMEIT"), std::string::npos) << "not the man page";
  const std::string page = Section(whole, GetParam());
  ASSERT_FALSE(page.empty()) << "docs/timeit.1 has no entry for timeit " << GetParam();
  std::vector<std::string> args;
  if (*GetParam() != '\0') args.push_back(GetParam());
  args.push_back("--help");
  const ProcessResult help = RunTimeit(args);
  ASSERT_EQ(help.exit_status, 0) << help.err;
  // Option lines start with "  -x, --name" or "      --name".
  const std::regex option_line(R"(^  (?:-[a-zA-Z], |    )(--[a-z][a-z-]*))");
  int options = 0;
  std::set<std::string> listed;
  std::istringstream lines(help.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, option_line)) continue;
    ++options;
    listed.insert(m[1]);
    if (m[1] == "--help") continue;  // every subcommand's; the page says it once
    EXPECT_NE(page.find(Roff(m[1])), std::string::npos)
        << "timeit " << GetParam() << " " << m[1] << " is not in its part of docs/timeit.1";
  }
  EXPECT_GE(options, 2) << help.out;
  // And the other way: what the entry describes as this subcommand's
  // option ("\fB\-\-name\fR" in its synopsis line) is in --help.
  const std::regex described(R"(\\-\\-([a-z]+(?:\\-[a-z]+)*))");
  const std::string synopsis = page.substr(0, page.find('\n'));
  for (auto it = std::sregex_iterator(synopsis.begin(), synopsis.end(), described);
       it != std::sregex_iterator(); ++it) {
    std::string name = "--" + std::regex_replace((*it)[1].str(), std::regex(R"(\\-)"), "-");
    EXPECT_TRUE(listed.count(name)) << "docs/timeit.1 gives timeit " << GetParam() << " " << name
                                    << ", which its --help does not list";
  }
}

INSTANTIATE_TEST_SUITE_P(Help, ManPageTest,
                         ::testing::Values("", "compare", "plan", "check", "events"),
                         [](const ::testing::TestParamInfo<const char*>& p) {
                           return std::string(*p.param ? p.param : "run");
                         });

}  // namespace
}  // namespace timeit::testing
