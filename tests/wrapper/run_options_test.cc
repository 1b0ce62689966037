#include "wrapper/run/run_options.h"

#include <gtest/gtest.h>

#include "wrapper/base/errors.h"

namespace timeit {
namespace {

RunOptions Parse(std::vector<const char*> args) {
  args.insert(args.begin(), "timeit");
  return ParseRunOptions(static_cast<int>(args.size()), args.data());
}

std::string UsageMessage(std::vector<const char*> args) {
  try {
    Parse(std::move(args));
  } catch (const UsageError& e) {
    EXPECT_EQ(e.exit_status(), kExitBadInput);
    return e.what();
  }
  return "(no error)";
}

using Words = std::vector<std::string>;

TEST(RunOptionsTest, Defaults) {
  const RunOptions o = Parse({"make"});
  EXPECT_EQ(o.runs, 10);
  EXPECT_EQ(o.warmup, 1);
  EXPECT_EQ(o.output, "");
  EXPECT_EQ(o.command_output, CommandOutput::kInherit);
  EXPECT_EQ(o.progress, ProgressMode::kAuto);
  EXPECT_FALSE(o.shell);
  EXPECT_EQ(o.command, Words{"make"});
}

TEST(RunOptionsTest, OptionsStopAtTheFirstCommandWord) {
  const RunOptions o = Parse({"-n", "3", "make", "-j64", "-n", "buildkernel"});
  EXPECT_EQ(o.runs, 3);
  EXPECT_EQ(o.command, (Words{"make", "-j64", "-n", "buildkernel"}));
}

TEST(RunOptionsTest, DoubleDashEndsOptions) {
  const RunOptions o = Parse({"-w", "0", "--", "-weird-command", "--runs"});
  EXPECT_EQ(o.warmup, 0);
  EXPECT_EQ(o.command, (Words{"-weird-command", "--runs"}));
}

TEST(RunOptionsTest, ValueForms) {
  EXPECT_EQ(Parse({"-n5", "true"}).runs, 5);
  EXPECT_EQ(Parse({"--runs=6", "true"}).runs, 6);
  EXPECT_EQ(Parse({"--runs", "7", "true"}).runs, 7);
  EXPECT_EQ(Parse({"-o", "isync.csv", "true"}).output, "isync.csv");
  EXPECT_EQ(Parse({"-o", "-", "true"}).output, "-");
}

TEST(RunOptionsTest, AllOptions) {
  const RunOptions o = Parse({"--label",
                              "x",
                              "--prepare",
                              "rm -rf obj",
                              "--cleanup",
                              "c",
                              "--setup",
                              "s",
                              "--teardown",
                              "t",
                              "--ignore-failure",
                              "--cpus",
                              "0-2,5",
                              "--timeout",
                              "1.5",
                              "--command-output",
                              "log.txt",
                              "-q",
                              "--progress",
                              "none",
                              "make"});
  EXPECT_EQ(o.label, "x");
  EXPECT_EQ(o.prepare, "rm -rf obj");
  EXPECT_EQ(o.cleanup, "c");
  EXPECT_EQ(o.setup, "s");
  EXPECT_EQ(o.teardown, "t");
  EXPECT_TRUE(o.ignore_failure);
  EXPECT_EQ(o.cpus, (std::vector<int>{0, 1, 2, 5}));
  ASSERT_TRUE(o.timeout.has_value());
  EXPECT_DOUBLE_EQ(*o.timeout, 1.5);
  EXPECT_EQ(o.command_output, CommandOutput::kFile);
  EXPECT_EQ(o.command_output_file, "log.txt");
  EXPECT_TRUE(o.quiet);
  EXPECT_EQ(o.progress, ProgressMode::kNone);
}

TEST(RunOptionsTest, EventsAreRepeatableAndCommaSeparated) {
  const RunOptions o =
      Parse({"-e", "cycles,instructions", "--events", "syscalls", "-e", "r003c", "true"});
  EXPECT_EQ(o.events, (Words{"cycles", "instructions", "syscalls", "r003c"}));
  EXPECT_TRUE(Parse({"--no-counters", "true"}).no_counters);
}

TEST(RunOptionsTest, ShellTakesOneWord) {
  const RunOptions o = Parse({"--shell", "make && make install"});
  EXPECT_TRUE(o.shell);
  EXPECT_EQ(o.command, Words{"make && make install"});
  EXPECT_NE(UsageMessage({"--shell", "make", "install"}).find("one word"), std::string::npos);
}

TEST(RunOptionsTest, HelpAndVersionNeedNoCommand) {
  EXPECT_TRUE(Parse({"--help"}).help);
  EXPECT_TRUE(Parse({"--version"}).version);
}

TEST(RunOptionsTest, BadCountsAreOneClearLine) {
  const std::string hint = " (see timeit --help)";
  EXPECT_EQ(UsageMessage({"-n", "abc", "true"}),
            "-n/--runs: expected a positive integer, got 'abc'" + hint);
  EXPECT_EQ(UsageMessage({"-n", "-3", "true"}),
            "-n/--runs: expected a positive integer, got '-3'" + hint);
  EXPECT_EQ(UsageMessage({"-n", "0", "true"}),
            "-n/--runs: expected a positive integer, got '0'" + hint);
  EXPECT_EQ(UsageMessage({"-w", "x", "true"}),
            "-w/--warmup: expected a non-negative integer, got 'x'" + hint);
  EXPECT_NE(UsageMessage({"--timeout", "0", "true"}).find("--timeout"), std::string::npos);
  EXPECT_NE(UsageMessage({"--progress", "fancy", "true"}).find("--progress"), std::string::npos);
}

TEST(RunOptionsTest, UnknownOptionAndMissingPieces) {
  EXPECT_NE(UsageMessage({"--bogus", "true"}).find("bogus"), std::string::npos);
  EXPECT_NE(UsageMessage({"-n"}).find("needs a value"), std::string::npos);
  EXPECT_NE(UsageMessage({"-n", "3"}).find("no command"), std::string::npos);
  EXPECT_NE(UsageMessage({"--no-counters", "-e", "cycles", "true"}).find("contradict"),
            std::string::npos);
}

TEST(RunOptionsTest, CpuLists) {
  EXPECT_EQ(ParseCpuList("3"), std::vector<int>{3});
  EXPECT_EQ(ParseCpuList("0-1,4-5"), (std::vector<int>{0, 1, 4, 5}));
  EXPECT_THROW(ParseCpuList("3-1"), UsageError);
  EXPECT_THROW(ParseCpuList("a"), UsageError);
  EXPECT_THROW(ParseCpuList(""), UsageError);
}

}  // namespace
}  // namespace timeit
