// docs/timeit.1 against the program: the --help of the run mode and of every
// subcommand and the man page's entry for it list the same options, with
// the same argument and the help's words in the man page's description, both
// ways; each usage line names every option, and --fail-on's help every
// verdict the parser takes. So neither can drift from the other unnoticed.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "tests/cli/help_and_man.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

std::string ManPage() {
  std::ifstream in(std::string(TIMEIT_SOURCE_DIR) + "/docs/timeit.1");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Help(const std::string& subcommand) {
  std::vector<std::string> args;
  if (!subcommand.empty()) args.push_back(subcommand);
  args.push_back("--help");
  const ProcessResult help = RunTimeit(args);
  EXPECT_EQ(help.exit_status, 0) << help.err;
  return help.out;
}

/// Every subcommand's and the run mode's own option: --help is said once
/// (and ministat's -h, its usage on stderr, is ministat's, not an option).
std::vector<OptionDoc> OwnOptions(const std::vector<OptionDoc>& options) {
  std::vector<OptionDoc> own;
  for (const OptionDoc& o : options)
    if (o.long_name != "--help" && !(o.long_name.empty() && o.short_name == "-h")) own.push_back(o);
  return own;
}

/// Whether a usage line names the option: "--csv", "-v", or a letter of a
/// bundle of flags ("[-AnPqs]").
bool UsageNames(const std::string& usage, const OptionDoc& o) {
  if (!o.long_name.empty() && usage.find(o.long_name) != std::string::npos) return true;
  if (o.short_name.empty()) return false;
  return usage.find(o.short_name) != std::string::npos ||
         std::regex_search(usage,
                           std::regex("\\[-[A-Za-z]*" + o.short_name.substr(1) + "[A-Za-z]*\\]"));
}

const OptionDoc* Find(const std::vector<OptionDoc>& options, const OptionDoc& o) {
  for (const OptionDoc& other : options)
    if (other.Name() == o.Name()) return &other;
  return nullptr;
}

/// The argument an option takes, from its help line, else (ministat's
/// letters) from the usage line's "[-C column]".
std::string HelpArgument(const OptionDoc& o, const std::string& usage) {
  if (!o.argument.empty() || o.short_name.empty()) return o.argument;
  std::smatch m;
  if (std::regex_search(usage, m, std::regex("\\[" + o.short_name + " ([^\\]]+)\\]"))) return m[1];
  return {};
}

class ManPageTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ManPageTest, HelpAndManPageListTheSameOptionsInTheSameWords) {
  const std::string sub = GetParam();
  const std::string page = ManPage();
  ASSERT_NE(page.find(".TH TIMEIT"), std::string::npos) << "not the man page";
  const std::string section = ManSection(page, sub);
  ASSERT_FALSE(section.empty()) << "docs/timeit.1 has no entry for timeit " << sub;
  const std::string help = Help(sub);
  const std::string usage = HelpUsage(help);
  const std::vector<OptionDoc> in_help = OwnOptions(HelpOptions(help));
  const std::vector<OptionDoc> in_man = OwnOptions(ManOptions(section));
  ASSERT_GE(in_help.size(), 1u) << help;
  const std::string where = "timeit " + (sub.empty() ? std::string("(run)") : sub) + " ";
  for (const OptionDoc& h : in_help) {
    const OptionDoc* m = Find(in_man, h);
    if (m == nullptr) {
      ADD_FAILURE() << where << h.Name() << " is in --help, not in its part of docs/timeit.1";
      continue;
    }
    EXPECT_EQ(m->short_name, h.short_name) << where << h.Name();
    const std::string argument = HelpArgument(h, usage);
    EXPECT_TRUE(m->argument == argument || m->argument.rfind(argument + "[", 0) == 0)
        << where << h.Name() << ": --help says " << (argument.empty() ? "no argument" : argument)
        << ", the man page " << (m->argument.empty() ? "none" : m->argument);
    EXPECT_NE(Normalized(m->text).find(Normalized(h.text)), std::string::npos)
        << where << h.Name()
        << ": the man page does not say what --help says:\n  --help: " << h.text
        << "\n  man:    " << m->text;
    // A subcommand's usage line names each of its options.
    if (!sub.empty()) {
      EXPECT_TRUE(UsageNames(usage, h)) << where << h.Name() << " is not in the usage line:\n"
                                        << usage;
      // ... and so does its synopsis in the man page.
      EXPECT_TRUE(UsageNames(RoffToText(section.substr(0, section.find('\n'))), h))
          << "docs/timeit.1's synopsis of " << where << "does not name " << h.Name();
    }
  }
  for (const OptionDoc& m : in_man)
    EXPECT_NE(Find(in_help, m), nullptr)
        << "docs/timeit.1 gives " << where << m.Name() << ", which its --help does not list";
}

INSTANTIATE_TEST_SUITE_P(Help, ManPageTest,
                         ::testing::Values("", "compare", "plan", "check", "events", "ministat",
                                           "boots"),
                         [](const ::testing::TestParamInfo<const char*>& p) {
                           return std::string(*p.param ? p.param : "run");
                         });

// --fail-on's help names every verdict the parser takes (the parser's own
// list, from its error message).
TEST(ManPageVerdictsTest, FailOnHelpNamesEveryVerdict) {
  const ProcessResult bad = RunTimeit({"compare", "--fail-on", "bogus", "a.csv"});
  ASSERT_EQ(bad.exit_status, 2);
  const std::size_t at = bad.err.find("there are: ");
  ASSERT_NE(at, std::string::npos) << bad.err;
  std::string list = bad.err.substr(at + 11);
  list = list.substr(0, std::min(list.find("\n"), list.find(" (see")));
  std::string fail_on;
  for (const OptionDoc& o : HelpOptions(Help("compare")))
    if (o.long_name == "--fail-on") fail_on = o.text;
  std::istringstream names(list);
  for (std::string name; std::getline(names, name, ',');) {
    name = name.substr(name.find_first_not_of(' '));
    EXPECT_NE(fail_on.find(name), std::string::npos)
        << "compare --help's --fail-on does not name '" << name << "': " << fail_on;
  }
}

}  // namespace
}  // namespace timeit::testing
