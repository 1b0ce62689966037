// wrapper/base/text.h: the terminal width of UTF-8 text, against Unicode's
// East Asian Width property (EastAsianWidth.txt: W and F take two columns)
// and its combining marks (general category Mn: none).
#include "wrapper/base/text.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

TEST(TerminalColumnsTest, WideCharactersTakeTwoColumnsCombiningMarksNone) {
  EXPECT_EQ(TerminalColumns(""), 0u);
  EXPECT_EQ(TerminalColumns("kernel-a"), 8u);
  EXPECT_EQ(TerminalColumns("\u00e9"), 1u);        // é, precomposed
  EXPECT_EQ(TerminalColumns("e\u0301"), 1u);       // e + COMBINING ACUTE ACCENT (Mn)
  EXPECT_EQ(TerminalColumns("\u5185\u6838"), 4u);  // 内核: W
  EXPECT_EQ(TerminalColumns("\ud55c\uae00"), 4u);  // 한글: W
  EXPECT_EQ(TerminalColumns("\uff21"), 2u);        // FULLWIDTH LATIN CAPITAL LETTER A: F
  EXPECT_EQ(TerminalColumns("\uff71"), 1u);        // HALFWIDTH KATAKANA LETTER A: H
  EXPECT_EQ(TerminalColumns("\U0001f600"), 2u);    // GRINNING FACE: W
  EXPECT_EQ(TerminalColumns("\u2192"), 1u);        // → (A: narrow outside CJK contexts)
  EXPECT_EQ(TerminalColumns("a\xff"
                            "b"),
            3u);                               // not UTF-8: a byte, a column
  EXPECT_EQ(TerminalColumns("\xe5\x86"), 2u);  // a cut character: its bytes
}

}  // namespace
}  // namespace timeit
