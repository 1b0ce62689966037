// `timeit completion bash` in bash itself, with Debian's bash-completion
// loaded as a user's shell has it: what a TAB offers after each kind of word,
// that it hands over to the measured command's own completion (ls's, from
// bash-completion) after the run mode's options, and that every option word
// it offers is one the subcommand's parser takes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

constexpr const char* kBashCompletion = "/usr/share/bash-completion/bash_completion";

/// Loads bash-completion and timeit's script in a fresh bash, then prints
/// each line of what `script` prints.
ProcessResult InBash(const std::string& script, const std::vector<std::string>& args,
                     const std::filesystem::path& cwd = {}) {
  std::vector<std::string> argv = {
      "bash",
      "--norc",
      "--noprofile",
      "-c",
      std::string(". ") + kBashCompletion + "\neval \"$(\"$TIMEIT\" completion bash)\"\n" + script,
      "bash"};
  argv.insert(argv.end(), args.begin(), args.end());
  ::setenv("TIMEIT", TIMEIT_BINARY, 1);
  return RunProcess(argv, "", cwd);
}

/// What TAB offers with the cursor at the end of the last of `words` (bash's
/// own split: "--html=x" is the three words "--html" "=" "x").
std::set<std::string> Complete(const std::vector<std::string>& words,
                               const std::filesystem::path& cwd = {}) {
  const ProcessResult r = InBash(
      "COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE}\n"
      "_timeit timeit \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD - 1]}\"\n"
      "printf '%s\\n' \"${COMPREPLY[@]}\"",
      words, cwd);
  EXPECT_EQ(r.exit_status, 0) << r.err;
  // The function runs outside bash's completion engine here, where
  // bash-completion's compopt (file names' trailing slash, ls's options)
  // says so; anything else on stderr is a fault of the script.
  std::istringstream err(r.err);
  for (std::string line; std::getline(err, line);)
    EXPECT_NE(line.find("compopt: not currently executing completion function"), std::string::npos)
        << line;
  std::set<std::string> offered;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) offered.insert(line);
  return offered;
}

class CompletionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kBashCompletion))
      GTEST_SKIP() << "bash-completion is not installed (scripts/test.sh installs it)";
  }
};

TEST_F(CompletionTest, TheFirstWordIsASubcommandOrTheCommand) {
  const std::set<std::string> offered = Complete({"timeit", "comp"});
  EXPECT_TRUE(offered.contains("compare"));
  EXPECT_TRUE(offered.contains("completion"));
  // The run mode takes a command with no option before it: `timeit make`.
  EXPECT_TRUE(Complete({"timeit", "ech"}).contains("echo"));
}

TEST_F(CompletionTest, ASubcommandsOptionsAreItsOwn) {
  EXPECT_EQ(Complete({"timeit", "compare", "--thr"}), std::set<std::string>{"--threshold"});
  EXPECT_EQ(Complete({"timeit", "check", "--"}), (std::set<std::string>{"--help", "--strict"}));
  const std::set<std::string> run = Complete({"timeit", "-n", "3", "--r"});
  EXPECT_TRUE(run.contains("--runs") && run.contains("--rotate")) << run.size();
  EXPECT_EQ(Complete({"timeit", "boots", ""}),
            (std::set<std::string>{"cancel", "resume", "start", "status"}));
  // boots start takes the run mode's options besides its own.
  const std::set<std::string> boots = Complete({"timeit", "boots", "start", "--"});
  EXPECT_TRUE(boots.contains("--via") && boots.contains("--runs")) << boots.size();
}

TEST_F(CompletionTest, AnOptionsValueIsAFileAChoiceOrLeftToTheUser) {
  TempDir dir;
  dir.Write("report.html", "");
  dir.Write("other.csv", "");
  EXPECT_EQ(Complete({"timeit", "compare", "--html", "rep"}, dir.path()),
            std::set<std::string>{"report.html"});
  EXPECT_EQ(Complete({"timeit", "compare", "--html", "=", "rep"}, dir.path()),
            std::set<std::string>{"report.html"});
  EXPECT_EQ(Complete({"timeit", "-o", ""}, dir.path()),
            (std::set<std::string>{"other.csv", "report.html"}));
  EXPECT_EQ(Complete({"timeit", "boots", "start", "--via", ""}),
            (std::set<std::string>{"command", "grub", "kexec", "systemd-boot"}));
  // A count is the user's to type: no file names there.
  EXPECT_EQ(Complete({"timeit", "-n", ""}, dir.path()), std::set<std::string>{});
  // The word after a value is an option or the command again.
  EXPECT_TRUE(Complete({"timeit", "-o", "x.csv", "--ru"}).contains("--runs"));
  // compare's arguments are files.
  EXPECT_EQ(Complete({"timeit", "compare", "-m", "real", "oth"}, dir.path()),
            std::set<std::string>{"other.csv"});
}

TEST_F(CompletionTest, AfterTimeitsOptionsTheCommandsOwnCompletionTakesOver) {
  // At `--` or the first word that is not an option the command begins:
  // its name from PATH, then its arguments as its own completion has them
  // (bash-completion gives ls the options of `ls --help`).
  EXPECT_TRUE(Complete({"timeit", "-n", "3", "--", "ech"}).contains("echo"));
  EXPECT_TRUE(Complete({"timeit", "-n", "3", "ech"}).contains("echo"));
  const std::set<std::string> ls = Complete({"timeit", "-n", "3", "ls", "--al"});
  EXPECT_TRUE(ls.contains("--all")) << ls.size();
  EXPECT_FALSE(Complete({"timeit", "-n", "3", "ls", "--ru"}).contains("--runs"));
  const std::set<std::string> boots =
      Complete({"timeit", "boots", "start", "--boots", "2", "--", "ls", "--al"});
  EXPECT_TRUE(boots.contains("--all")) << boots.size();
}

// Every option word the script offers, each with a value where it takes one
// (the first of a choice, a file, or 1), is taken by its subcommand's parser:
// none is reported as unknown. boots passes words it does not know to the
// run mode, whose words are checked here themselves.
TEST_F(CompletionTest, EveryOfferedOptionIsOneTheParserTakes) {
  TempDir dir;
  const ProcessResult words = InBash(
      "for mode in run compare plan check events ministat; do\n"
      "  for w in $(_timeit_options $mode); do\n"
      "    echo \"$mode $w $(_timeit_value $mode $w)\"\n"
      "  done\n"
      "done",
      {});
  ASSERT_EQ(words.exit_status, 0) << words.err;
  std::istringstream lines(words.out);
  int checked = 0;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string mode, word, kind, first_choice;
    fields >> mode >> word >> kind >> first_choice;
    std::vector<std::string> args;
    if (mode != "run") args.push_back(mode);
    args.push_back(word);
    if (kind == "choice") args.push_back(first_choice);
    if (kind == "file" || kind == "dir") args.push_back(kind == "file" ? "/dev/null" : ".");
    if (kind == "value") args.push_back("1");
    // --help ends the parse where a subcommand has it; ministat's getopt
    // reads a file instead.
    args.push_back(mode == "ministat" ? "/dev/null" : "--help");
    const ProcessResult r = RunTimeit(args, "", dir.path());
    EXPECT_EQ(r.err.find("unrecognised option"), std::string::npos) << line << ": " << r.err;
    EXPECT_EQ(r.err.find("unknown option"), std::string::npos) << line << ": " << r.err;
    ++checked;
  }
  EXPECT_GT(checked, 80);
}

}  // namespace
}  // namespace timeit::testing
