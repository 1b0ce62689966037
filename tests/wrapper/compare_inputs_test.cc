// How compare tells its inputs apart by content (compare_inputs.h): JSON,
// numbers as ministat reads them, or a CSV with a header row.
#include <gtest/gtest.h>

#include "wrapper/compare/input/json_input.h"
#include "wrapper/compare/input/plain_input.h"

namespace timeit {
namespace {

ColumnFormat Columns(int column = 1, std::string delimiters = " \t") {
  return ColumnFormat{column, std::move(delimiters)};
}

TEST(CompareInputsTest, JsonOpensAnObjectOrAnArray) {
  EXPECT_TRUE(LooksLikeJson("{\"results\": []}"));
  EXPECT_TRUE(LooksLikeJson("\xEF\xBB\xBF\n  [1]"));
  EXPECT_FALSE(LooksLikeJson("label,real\n"));
  EXPECT_FALSE(LooksLikeJson("1.5\n"));
  EXPECT_FALSE(LooksLikeJson(""));
}

TEST(CompareInputsTest, PlainWhenTheFirstLineWithTheColumnHoldsANumberThere) {
  EXPECT_TRUE(LooksLikePlainNumbers("1.5\n2.5\n", Columns()));
  // ministat skips comments, blank lines and lines without the column.
  EXPECT_TRUE(LooksLikePlainNumbers("# seconds\n\n   \n1.5\n", Columns()));
  EXPECT_TRUE(LooksLikePlainNumbers("-rw 1 4096 a\n", Columns(3)));
  EXPECT_TRUE(LooksLikePlainNumbers("only\nx y 2\n", Columns(3)));
  EXPECT_TRUE(LooksLikePlainNumbers("a,1.5,b\n", Columns(2, ",")));
  EXPECT_TRUE(LooksLikePlainNumbers("12.5 make\n", Columns()));
  EXPECT_TRUE(LooksLikePlainNumbers("+2\n0x1p3\n", Columns()));  // strtod's forms, as ministat
}

TEST(CompareInputsTest, ACsvHeaderIsNotPlainNumbers) {
  EXPECT_FALSE(LooksLikePlainNumbers("label,real\na,1\n", Columns()));
  EXPECT_FALSE(LooksLikePlainNumbers("real\n1.0\n", Columns()));
  EXPECT_FALSE(LooksLikePlainNumbers("1,2,3\n", Columns()));   // commas: -d , says so
  EXPECT_FALSE(LooksLikePlainNumbers("nan\n1\n", Columns()));  // not a value one can compare
  EXPECT_FALSE(LooksLikePlainNumbers("", Columns()));
  EXPECT_FALSE(LooksLikePlainNumbers("# only a comment\n", Columns()));
}

}  // namespace
}  // namespace timeit
