#include "stats/summary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace timeit::stats {
namespace {

TEST(SummaryTest, OddCountUsesMiddleValue) {
  const std::vector<double> v{1, 2, 3, 4, 10};
  const Summary s = Summarize(v);
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 10);
  EXPECT_DOUBLE_EQ(s.median, 3);
  EXPECT_DOUBLE_EQ(s.mean, 4);
  EXPECT_DOUBLE_EQ(s.variance, 12.5);  // (9+4+1+0+36)/4
}

TEST(SummaryTest, EvenCountAveragesTheTwoMiddleValues) {
  const std::vector<double> v{1, 2, 4, 8};
  EXPECT_DOUBLE_EQ(Summarize(v).median, 3);
}

// Old ministat's one-pass sum of squares prints Stddev 0 here.
TEST(SummaryTest, TwoPassVarianceSurvivesLargeOffsets) {
  const std::vector<double> v{1000000001, 1000000002, 1000000003, 1000000004, 1000000005};
  EXPECT_DOUBLE_EQ(Summarize(v).variance, 2.5);
}

TEST(SummaryTest, EmptyAndSingleton) {
  EXPECT_EQ(Summarize({}).n, 0u);
  const std::vector<double> one{7};
  const Summary s = Summarize(one);
  EXPECT_DOUBLE_EQ(s.median, 7);
  EXPECT_DOUBLE_EQ(s.stddev, 0);
}

TEST(SummarizeUnorderedTest, MatchesSummarizeOnSortedCopy) {
  std::vector<double> v{9, 3, 7, 1, 5, 8, 2, 6, 4, 10};
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const Summary expected = Summarize(sorted);
  const Summary s = SummarizeUnordered(v);
  EXPECT_EQ(s.n, expected.n);
  EXPECT_EQ(s.min, expected.min);
  EXPECT_EQ(s.max, expected.max);
  EXPECT_EQ(s.median, 5.5);
  EXPECT_EQ(s.median, expected.median);
  EXPECT_DOUBLE_EQ(s.mean, expected.mean);
  EXPECT_DOUBLE_EQ(s.variance, expected.variance);
}

TEST(SummarizeUnorderedTest, OddCountAndDuplicates) {
  std::vector<double> v{4, 4, 1, 4, 2};
  const Summary s = SummarizeUnordered(v);
  EXPECT_EQ(s.median, 4);
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.max, 4);
  EXPECT_DOUBLE_EQ(s.mean, 3);
}

// The mean is the sum in the caller's order, as ministat accumulates it
// while reading; selection for the median must not change it.
TEST(SummarizeUnorderedTest, MeanSumsInGivenOrder) {
  std::vector<double> v{1e16, 1, -1e16, 1};
  double sum = 0;
  for (double x : v) sum += x;
  EXPECT_EQ(SummarizeUnordered(v).mean, sum / 4);
}

TEST(SummarizeUnorderedTest, TwoPassVarianceSurvivesLargeOffsets) {
  std::vector<double> v{1000000003, 1000000005, 1000000001, 1000000004, 1000000002};
  const Summary s = SummarizeUnordered(v);
  EXPECT_DOUBLE_EQ(s.variance, 2.5);
  EXPECT_EQ(s.median, 1000000003);
}

// Large sets take the sampled-band path; it must agree with sorting, for
// odd and even sizes, for shuffled, sorted and heavily tied data, and for
// data periodic in the sampling stride (where the band can miss).
TEST(SummarizeUnorderedTest, LargeSetsMatchSorting) {
  std::mt19937_64 gen(7);
  for (const std::size_t n : {std::size_t{200001}, std::size_t{200000}, std::size_t{1} << 20}) {
    std::vector<std::vector<double>> cases(4);
    for (std::size_t i = 0; i < n; ++i) {
      cases[0].push_back(static_cast<double>(gen() % 1000003) / 7);
      cases[1].push_back(static_cast<double>(i));
      cases[2].push_back(static_cast<double>(gen() % 3));
      cases[3].push_back(static_cast<double>(i % (n / 16384)) * (i < n / 2 ? 1 : 1000));
    }
    for (std::vector<double>& v : cases) {
      std::vector<double> sorted = v;
      std::sort(sorted.begin(), sorted.end());
      EXPECT_EQ(SummarizeUnordered(v).median, Summarize(sorted).median) << n;
      // nth_element only reorders: every value is still there, none changed.
      std::sort(v.begin(), v.end());
      EXPECT_EQ(v, sorted) << n;
    }
  }
}

}  // namespace
}  // namespace timeit::stats
