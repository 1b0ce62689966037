#include "wrapper/results/start_cell.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

// Python: calendar.timegm((2026, 11, 29, 18, 50, 44)) = 1795978244.
TEST(StartCellTest, AsTheRowFormatterWritesIt) {
  EXPECT_DOUBLE_EQ(*ParseStartCell("2026-11-29T18:50:44.325Z"), 1795978244.325);
  EXPECT_DOUBLE_EQ(*ParseStartCell("1970-01-01T00:00:01.5Z"), 1.5);
  EXPECT_DOUBLE_EQ(*ParseStartCell("1970-01-01T00:00:01"), 1);
}

TEST(StartCellTest, AnythingElseIsUnknown) {
  for (const char* bad : {"", "yesterday", "2026-11-29 18:50:44Z", "2026-11-29T18:50:44.Z",
                          "2026-11-29T18:50:44.325+01:00", "2026-1x-29T18:50:44Z"})
    EXPECT_FALSE(ParseStartCell(bad).has_value()) << bad;
}

}  // namespace
}  // namespace timeit
