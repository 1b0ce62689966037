// PValueText and PValueClause: one style for a p-value in the summary's cell
// and in a warning's sentence.
#include "wrapper/base/p_value_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace timeit {
namespace {

TEST(PValueTextTest, FourDecimalsThatReadBackWithinHalfTheLast) {
  std::mt19937_64 random(37);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int i = 0; i < 100000; ++i) {
    // Half of them spread over the decades where the cutoff lies.
    const double p = i % 2 == 0 ? unit(random) : std::pow(10, -6 * unit(random));
    const std::string text = PValueText(p);
    if (p < 0.0001) {
      EXPECT_EQ(text, "<0.0001") << p;
      continue;
    }
    ASSERT_NE(text, "<0.0001") << p;
    EXPECT_LE(std::fabs(std::stod(text) - p), 0.5e-4 + 1e-12) << p << " " << text;
    const std::size_t point = text.find('.');
    if (point != std::string::npos) {
      EXPECT_LE(text.size() - point - 1, 4u) << text;
      EXPECT_NE(text.back(), '0') << text;
    }
  }
}

TEST(PValueTextTest, TheSentenceSaysWhatTheCellSays) {
  // R: cor.test(b, seq_along(b), method = "kendall", exact = FALSE)$p.value
  // of CompareVerdictTest.DriftIsOneWarning's series b: 0.005371254.
  EXPECT_EQ(PValueText(0.005371254), "0.0054");
  EXPECT_EQ(PValueClause(0.005371254), "p = 0.0054");
  EXPECT_EQ(PValueClause(3e-7), "p < 0.0001");
  EXPECT_EQ(PValueClause(1), "p = 1");
  EXPECT_EQ(PValueText(std::numeric_limits<double>::quiet_NaN()), "-");
}

}  // namespace
}  // namespace timeit
