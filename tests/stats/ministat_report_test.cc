// Exact text of ministat blocks. The expected outputs were printed by
// Debian's ministat (FreeBSD's 2015 code) where its rules agree with the
// current ones, with the relative line recomputed by current ministat's
// formula.
#include "stats/ministat_report.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "stats/ministat_plot.h"

namespace timeit::stats {
namespace {

/// Owns the values behind the DataSets it hands out.
class Sets {
 public:
  Sets& Add(std::string name, std::vector<double> values) {
    storage_.push_back(std::move(values));
    names_.push_back(std::move(name));
    return *this;
  }
  std::vector<DataSet> Get() {
    std::vector<DataSet> sets;
    for (std::size_t i = 0; i < storage_.size(); ++i) {
      sets.push_back(MakeDataSet(names_[i], storage_[i]));
    }
    return sets;
  }

 private:
  std::vector<std::vector<double>> storage_;
  std::vector<std::string> names_;
};

MinistatOptions Width(int width) {
  MinistatOptions o;
  o.width = width;
  return o;
}

TEST(MinistatReportTest, DifferenceWithCurrentRelativeLine) {
  Sets owner;
  const auto sets = owner.Add("lo", {1, 2, 3}).Add("hi", {6, 4, 5}).Get();
  EXPECT_EQ(RenderMinistat(sets, Width(20)),
            "x lo\n"
            "+ hi\n"
            "+--------------------+\n"
            "|x   x   x  +   +   +|\n"
            "||___A___|  |___A___||\n"
            "+--------------------+\n"
            "    N           Min           Max        Median           Avg        Stddev\n"
            "x   3             1             3             2             2             1\n"
            "+   3             4             6             5             5             1\n"
            "Difference at 95.0% confidence\n"
            "\t3 +/- 2.26659\n"
            "\t150% +/- 215.773%\n"
            "\t(Student's t, pooled s = 1)\n");
}

// Only the last set's stack height is drawn: the five 1s of `a` show as one.
TEST(MinistatReportTest, HeightIsTheLastSetsAsInMinistat) {
  Sets owner;
  const auto sets = owner.Add("a", {1, 1, 1, 1, 1, 5}).Add("b", {2, 3, 4}).Get();
  EXPECT_EQ(RenderMinistat(sets, Width(10)),
            "x a\n"
            "+ b\n"
            "+----------+\n"
            "|  x ++ + x|\n"
            "||_MA|A||  |\n"
            "+----------+\n"
            "    N           Min           Max        Median           Avg        Stddev\n"
            "x   6             1             5             1     1.6666667     1.6329932\n"
            "+   3             2             4             3             3             1\n"
            "No difference proven at 95.0% confidence\n");
}

TEST(MinistatReportTest, StacksGrowUpwards) {
  Sets owner;
  const auto sets = owner.Add("b", {2, 3, 4}).Add("a", {1, 1, 1, 5, 1, 1}).Get();
  EXPECT_EQ(RenderMinistat(sets, Width(10)),
            "x b\n"
            "+ a\n"
            "+----------+\n"
            "|  +       |\n"
            "|  +       |\n"
            "|  +       |\n"
            "|  +       |\n"
            "|  + xx x +|\n"
            "||_MA|A||  |\n"
            "+----------+\n"
            "    N           Min           Max        Median           Avg        Stddev\n"
            "x   3             2             4             3             3             1\n"
            "+   6             1             5             1     1.6666667     1.6329932\n"
            "No difference proven at 95.0% confidence\n");
}

TEST(MinistatReportTest, SeparateBars) {
  Sets owner;
  const auto sets =
      owner.Add("a", {1, 1, 1, 1, 1, 5}).Add("b", {2, 3, 4}).Add("lo", {1, 2, 3}).Get();
  MinistatOptions o = Width(30);
  o.separate_bars = true;
  EXPECT_EQ(RenderMinistat(sets, o),
            "x a\n"
            "+ b\n"
            "* lo\n"
            "+------------------------------+\n"
            "|      *    *     *     +     x|\n"
            "||_____M___A________|          |\n"
            "|           |_____A_____|      |\n"
            "|      |____A_____|            |\n"
            "+------------------------------+\n"
            "    N           Min           Max        Median           Avg        Stddev\n"
            "x   6             1             5             1     1.6666667     1.6329932\n"
            "+   3             2             4             3             3             1\n"
            "No difference proven at 95.0% confidence\n"
            "*   3             1             3             2             2             1\n"
            "No difference proven at 95.0% confidence\n");
}

TEST(MinistatReportTest, ZeroSpan) {
  Sets owner;
  const auto sets = owner.Add("five", {5, 5, 5}).Add("five", {5, 5, 5}).Get();
  EXPECT_EQ(RenderMinistat(sets, MinistatOptions{}),
            "x five\n"
            "+ five\n"
            "[no plot, span is zero width]\n"
            "    N           Min           Max        Median           Avg        Stddev\n"
            "x   3             5             5             5             5             0\n"
            "+   3             5             5             5             5             0\n"
            "No difference proven at 95.0% confidence\n");
}

// Seven sets: symbols x + * % # @ O, a shared cell shows the OR of the two
// set numbers, and the last set's height hides the rest.
TEST(MinistatReportTest, SevenSetsOrTheirSymbols) {
  Sets s;
  for (int i = 1; i <= 7; ++i)
    s.Add("s" + std::to_string(i), {i + 0.0, i + 1.0, i + 2.0, i + 3.0, i + 4.0});
  const auto sets = s.Get();
  MinistatOptions o = Width(20);
  const std::string text = RenderMinistat(sets, o);
  EXPECT_EQ(text.substr(0, 7 * 5 + 23 * 4),
            "x s1\n+ s2\n* s3\n% s4\n# s5\n@ s6\nO s7\n"
            "+--------------------+\n"
            "|x * * O O OO O O O O|\n"
            "| |_|A||||||A|A|A|_| |\n"
            "+--------------------+\n");
}

TEST(MinistatReportTest, SummaryOnlyQuietAndNoPlot) {
  Sets owner;
  const auto sets = owner.Add("lo", {1, 2, 3}).Add("hi", {4, 5, 6}).Get();
  MinistatOptions n;
  n.summary_only = true;
  EXPECT_EQ(RenderMinistat(sets, n),
            "x lo\n+ hi\n"
            "    N           Min           Max        Median           Avg        Stddev\n"
            "x   3             1             3             2             2             1\n"
            "+   3             4             6             5             5             1\n");
  MinistatOptions q;
  q.quiet = true;
  q.no_plot = true;
  q.confidence_percent = 80;
  EXPECT_EQ(RenderMinistat(sets, q),
            "x   3             1             3             2             2             1\n"
            "+   3             4             6             5             5             1\n"
            "Difference at 80.0% confidence\n"
            "\t3 +/- 1.25169\n"
            "\t150% +/- 119.157%\n"
            "\t(Student's t, pooled s = 1)\n");
}

TEST(MinistatReportTest, PopulationStddev) {
  Sets owner;
  const auto sets = owner.Add("lo", {1, 2, 3}).Add("hi", {4, 5, 6}).Get();
  MinistatOptions p;
  p.population_stddev = true;
  p.no_plot = true;
  EXPECT_EQ(RenderMinistat(sets, p),
            "x lo\n+ hi\n"
            "    N           Min           Max        Median           Avg        Stddev\n"
            "x   3             1             3             2             2    0.81649658\n"
            "+   3             4             6             5             5    0.81649658\n");
}

TEST(MinistatReportTest, RejectsBadShapes) {
  EXPECT_THROW(RenderMinistat({}, MinistatOptions{}), std::invalid_argument);
  Sets owner;
  const auto sets = owner.Add("lo", {1, 2, 3}).Get();
  EXPECT_THROW(RenderMinistat(sets, Width(1)), std::invalid_argument);
  EXPECT_NO_THROW(RenderMinistat(sets, Width(2)));
}

}  // namespace
}  // namespace timeit::stats
