#include "wrapper/base/csv_text.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

std::string Field(std::string_view f) {
  std::string out;
  AppendCsvField(out, f);
  return out;
}

TEST(CsvTextTest, QuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(Field("make"), "make");
  EXPECT_EQ(Field(""), "");
  EXPECT_EQ(Field("make -j64"), "make -j64");
  EXPECT_EQ(Field("a,b"), "\"a,b\"");
  EXPECT_EQ(Field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(Field(" lead"), "\" lead\"");
}

TEST(CsvTextTest, LineBreaksBecomeSpacesSoEveryRecordIsOneLine) {
  EXPECT_EQ(Field("a\nb"), "\"a b\"");
  EXPECT_EQ(Field("a\r\nb"), "\"a  b\"");
}

TEST(CsvTextTest, ParsesQuotedFieldsCrlfAndBom) {
  const auto recs = ParseCsvText(
      "\xEF\xBB\xBF"
      "a,b\r\n\"x,1\",\"say \"\"hi\"\"\"\r\n\n3,\n");
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_EQ(recs[0].fields, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(recs[1].fields, (std::vector<std::string>{"x,1", "say \"hi\""}));
  EXPECT_EQ(recs[2].fields, (std::vector<std::string>{"3", ""}));
  EXPECT_EQ(recs[2].line, 4);
  EXPECT_TRUE(recs[2].terminated);
}

TEST(CsvTextTest, QuotedFieldMaySpanLines) {
  const auto recs = ParseCsvText("a\n\"x\ny\"\nz\n");
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_EQ(recs[1].fields[0], "x\ny");
  EXPECT_EQ(recs[2].line, 4);
}

TEST(CsvTextTest, UnterminatedLastRecordIsMarked) {
  const auto recs = ParseCsvText("a,b\n1,2\n3,");
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_FALSE(recs[2].terminated);
  EXPECT_EQ(recs[2].line, 3);
}

}  // namespace
}  // namespace timeit
