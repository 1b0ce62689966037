// The number parsers, one per contract (wrapper/base/number_text.h): what
// each accepts and refuses, and the one error wording for text from a file.
#include "wrapper/base/number_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

namespace timeit {
namespace {

TEST(NumberTextTest, WholeIsAllOfTheTextInRange) {
  int v = 0;
  EXPECT_TRUE(ParseWhole("42", v));
  EXPECT_EQ(v, 42);
  EXPECT_TRUE(ParseWhole("-3", v));
  EXPECT_EQ(v, -3);
  for (const char* bad : {"", " 4", "4 ", "+4", "4x", "4.0", "0x10", "99999999999"})
    EXPECT_FALSE(ParseWhole(bad, v)) << bad;
  std::uint8_t small = 0;
  EXPECT_FALSE(ParseWhole("256", small));
}

TEST(NumberTextTest, FiniteRefusesInfinityNanAndOverflow) {
  double v = 0;
  EXPECT_TRUE(ParseFinite("-12.375", v));
  EXPECT_EQ(v, -12.375);
  EXPECT_TRUE(ParseFinite("1e-3", v));
  EXPECT_EQ(v, 0.001);
  for (const char* bad : {"", "inf", "nan", "1e999", " 1", "1 ", "+1", "1,5"})
    EXPECT_FALSE(ParseFinite(bad, v)) << bad;
}

TEST(NumberTextTest, CellNumberAllowsBlanksAndAPlusAndSaysInfinity) {
  EXPECT_EQ(ParseCellNumber(" +1.5\t"), 1.5);
  EXPECT_EQ(ParseCellNumber("\r\n7\r\n"), 7.0);
  EXPECT_TRUE(std::isinf(*ParseCellNumber("inf")));
  for (const char* bad : {"", " ", "1.2k", "3,400", "++1", "abc"})
    EXPECT_FALSE(ParseCellNumber(bad)) << bad;
}

TEST(NumberTextTest, CellNumberInNamesFileAndLine) {
  EXPECT_EQ(CellNumberIn("a.csv", 3, "column 'real'", " 2.5 "), 2.5);
  try {
    CellNumberIn("a.csv", 3, "column 'real'", " fast ");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "a.csv:3: column 'real': 'fast' is not a number");
    EXPECT_EQ(e.exit_status(), kExitBadInput);
  }
  try {
    CellNumberIn("a.csv", 4, "column 'sys'", "-inf");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "a.csv:4: column 'sys': '-inf' is not a finite number");
  }
  EXPECT_TRUE(std::isinf(CellNumberIn("a.csv", 4, "column 'sys'", "-inf", /*finite=*/false)));
}

TEST(NumberTextTest, OptionValuesSayWhatWasExpected) {
  EXPECT_EQ(WholeValue("-n", "3", 1, "a positive integer"), 3);
  try {
    WholeValue("-n", "0", 1, "a positive integer");
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "-n: expected a positive integer, got '0'");
  }
  EXPECT_THROW(DoubleValue("--timeout", "inf", 0, "a positive number of seconds"), UsageError);
}

}  // namespace
}  // namespace timeit
