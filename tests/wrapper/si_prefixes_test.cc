// kSiPrefixes, the one table of SI prefixes: the report's numbers and the
// charts' ticks name each magnitude with the same letter.
#include "wrapper/base/si_prefixes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/compare/export/svg_parts.h"

namespace timeit {
namespace {

std::string Suffix(const std::string& text) {
  return text.substr(text.find_last_of("0123456789") + 1);
}

TEST(SiPrefixesTest, NumbersAndTicksUseTheSameLetters) {
  for (int decade = 5; decade <= 17; ++decade) {
    const double v = 2.5 * std::pow(10, decade);
    SCOPED_TRACE(v);
    const std::string number = SiNumber(v), tick = TickLabel(v, v / 5);
    EXPECT_EQ(Suffix(number), Suffix(tick)) << number << " " << tick;
    std::string expected;
    for (const SiPrefix& p : kSiPrefixes)
      if (v >= p.scale) {
        expected = p.prefix;
        break;
      }
    EXPECT_EQ(Suffix(number), expected) << number;
  }
}

}  // namespace
}  // namespace timeit
