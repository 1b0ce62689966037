#include "wrapper/base/decimal_number.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

namespace timeit {
namespace {

/// FromCharsDouble must give strtod's double, bit for bit, and stop where it does.
void ExpectLikeStrtod(const std::string& text) {
  double ours = 0;
  const auto [stop, ec] = FromCharsDouble(text.data(), text.data() + text.size(), ours);
  char* end = nullptr;
  const double expected = std::strtod(text.c_str(), &end);
  ASSERT_EQ(ec, std::errc()) << text;
  EXPECT_EQ(stop - text.data(), end - text.c_str()) << text;
  EXPECT_EQ(std::memcmp(&ours, &expected, sizeof ours), 0)
      << text << ": " << ours << " vs " << expected;
}

TEST(FromCharsDoubleTest, PlainDecimalsMatchStrtodBitForBit) {
  for (const char* text : {"0",
                           "-0",
                           "1",
                           "-1.5",
                           "0.1",
                           "0.3",
                           "5.",
                           ".5",
                           "-.5",
                           "9007199254740992",
                           "9007199254740993",
                           "123456789.123456789",
                           "0.0000000000000000000001",
                           "1234.5678",
                           "99999999999999999999",
                           "1e3",
                           "1.5E-7",
                           "2.2250738585072014e-308",
                           "12 ",
                           "3x",
                           "1.2.3"}) {
    ExpectLikeStrtod(text);
  }
}

TEST(FromCharsDoubleTest, RandomDecimalsMatchStrtod) {
  std::mt19937_64 gen(42);
  char text[64];
  for (int i = 0; i < 200000; ++i) {
    const int decimals = static_cast<int>(gen() % 12);
    const double magnitude =
        std::ldexp(static_cast<double>(gen() >> 11), -static_cast<int>(gen() % 60));
    std::snprintf(text, sizeof text, "%.*f", decimals, (gen() & 1) ? -magnitude : magnitude);
    ExpectLikeStrtod(text);
    if (HasFailure()) return;
  }
}

TEST(FromCharsDoubleTest, RefusesWhatFromCharsRefuses) {
  double v = 0;
  for (const char* text : {"", "-", ".", "+1", " 1", "x"}) {
    EXPECT_NE(FromCharsDouble(text, text + std::strlen(text), v).ec, std::errc()) << text;
  }
  const char* inf = "inf";
  EXPECT_EQ(FromCharsDouble(inf, inf + 3, v).ec, std::errc());
  EXPECT_TRUE(std::isinf(v));
}

}  // namespace
}  // namespace timeit
