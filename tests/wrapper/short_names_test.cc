// Short names of sets named by their commands (hyperfine's JSON): what a
// column of the summary and a chart's label can hold.
#include "wrapper/compare/input/short_names.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

using Names = std::vector<std::string>;

TEST(ShortNamesTest, CommandsThatFitAreKept) {
  EXPECT_EQ(ShortNames({"make", "make -j4"}), (Names{"make", "make -j4"}));
}

TEST(ShortNamesTest, TheWordsWideCommandsDifferIn) {
  const std::string nice = "nice -n 10 /home/someone/src/linux/tools/syscall-bench ";
  EXPECT_EQ(ShortNames({nice + "int80 --loops 1000000", nice + "syscall --loops 1000000"}),
            (Names{"int80", "syscall"}));
  // Several differing words, in their order.
  EXPECT_EQ(ShortNames({nice + "a 1 --loops x", nice + "b 2 --loops x"}), (Names{"a 1", "b 2"}));
  // Of different lengths: what lies between the shared start and end; a
  // command of shared words alone, its line cut in the middle.
  const Names lengths = ShortNames({nice + "--loops 10", nice + "--fast --loops 10"});
  EXPECT_EQ(lengths[1], "--fast");
  EXPECT_EQ(lengths[0], "nice -n 10 /ho...ench --loops 10");
}

TEST(ShortNamesTest, AWideDifferenceIsCutInTheMiddleAndStaysDistinct) {
  const std::string a(40, 'a'), b(40, 'b');
  const Names names = ShortNames({"run " + a + "1", "run " + b + "2"}, 16);
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0], "aaaaaa...aaaaaa1");
  EXPECT_EQ(names[1], "bbbbbb...bbbbbb2");
  // Cut alike, they would be one name: the whole differing words instead.
  const std::string m(20, 'm');
  const Names same = ShortNames({"run a" + m + "Q" + m + "b", "run a" + m + "R" + m + "b"}, 16);
  EXPECT_EQ(same, (Names{"a" + m + "Q" + m + "b", "a" + m + "R" + m + "b"}));
}

TEST(ShortNamesTest, OneWideCommandIsCut) {
  const Names one = ShortNames({std::string(50, 'x')}, 20);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].size(), 20u);
  EXPECT_NE(one[0].find("..."), std::string::npos);
}

}  // namespace
}  // namespace timeit
