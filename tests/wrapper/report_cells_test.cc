// The one table of report cells: the text summary and the HTML report show a
// row with the same text, and p-values never read as e-notation or as 0.
#include "wrapper/compare/verdicts/report_cells.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "wrapper/compare/export/html_report.h"
#include "wrapper/compare/report/summary.h"

namespace timeit {
namespace {

TEST(ReportCellsTest, PValuesAreDecimalsOrBelowAFloor) {
  EXPECT_EQ(PValueText(1.1e-08), "<0.0001");
  EXPECT_EQ(PValueText(0), "<0.0001");
  EXPECT_EQ(PValueText(0.00012), "0.0001");
  EXPECT_EQ(PValueText(0.031249), "0.0312");
  EXPECT_EQ(PValueText(0.5), "0.5");
  EXPECT_EQ(PValueText(1), "1");
  EXPECT_EQ(PValueText(std::numeric_limits<double>::quiet_NaN()), "-");
}

ComparisonRow Row() {
  ComparisonRow r;
  r.metric = "page-faults";
  r.same_as = {"minflt"};
  r.baseline = "a";
  r.set = "b";
  r.n_baseline = r.n = 10;
  r.mean_baseline = 65880000;
  r.mean = 0.000123;  // small enough for %g's e-notation
  r.relative = {-0.000333, -0.0013, 0.000634};
  r.student_p = r.welch_p = r.p = 2.5e-7;  // decided by Welch's t, the default
  r.mann_whitney_p = 0.0312;
  r.threshold_percent = 1;
  r.verdict = stats::Verdict::kSame;
  return r;
}

TEST(ReportCellsTest, OneRowsCells) {
  const RowCells c = FormatRowCells({Row()}).front();
  EXPECT_EQ(c.metric, "page-faults=minflt");
  EXPECT_EQ(c.names, (std::vector<std::string>{"page-faults", "minflt"}));
  EXPECT_EQ(c.better, "lower");
  EXPECT_EQ(c.mean_baseline, "65.88M");
  EXPECT_EQ(c.mean, "0.000123");
  EXPECT_EQ(c.Difference("+/-"), "-0.000333% +/- 0.000967%");
  EXPECT_EQ(c.welch_p, "<0.0001");
  EXPECT_EQ(c.mann_whitney_p, "0.0312");
  EXPECT_EQ(c.p, "<0.0001");
  EXPECT_EQ(c.test, "Welch's t");
  EXPECT_EQ(c.verdict, "same within 1%");
}

TEST(ReportCellsTest, ExactAndWithoutInterval) {
  ComparisonRow r = Row();
  r.constant = true;
  EXPECT_EQ(FormatRowCells({r}).front().Difference("±"), "-0.000333% exact");
  r.constant = false;
  r.relative.high_percent = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(FormatRowCells({r}).front().Difference("±"), "-0.000333%");
}

// Of a baseline mean of 0 no percentage is a number ("+inf%" said nothing):
// the change in the values' unit, with the interval the verdict was read from.
TEST(ReportCellsTest, AChangeFromZeroIsTheChangeItself) {
  ComparisonRow r = Row();
  r.metric = "cpu-migrations";
  r.same_as.clear();
  r.mean_baseline = 0;
  r.mean = r.difference = 2;
  r.difference_low = 0.4, r.difference_high = 3.6;
  r.relative = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                std::numeric_limits<double>::infinity()};
  EXPECT_EQ(FormatRowCells({r}).front().Difference("+/-"), "+2 +/- 1.6 (from 0)");
  r.difference_high = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(FormatRowCells({r}).front().Difference("+/-"), "+2 (from 0)");
  r.metric = "sys";
  r.constant = true;
  r.difference = -0.5;
  EXPECT_EQ(FormatRowCells({r}).front().Difference("±"), "-0.5 s exact (from 0)");
  r.difference = 0;  // 0 in every run of both sets: no change at all
  r.relative = {0, 0, 0};
  EXPECT_EQ(FormatRowCells({r}).front().Difference("±"), "0% exact");
}

// Each cell the text summary prints for a row is in the HTML report's
// summary row too (with a real ± sign and '<' escaped).
TEST(ReportCellsTest, HtmlSummaryShowsTheTextSummarysCells) {
  const std::vector<ComparisonRow> rows = {Row()};
  const std::string text = FormatSummaryTable(rows, "a", 95, 1, /*verbose=*/true);
  CompareInput in;
  in.sets.resize(2);
  in.sets[0].label = "a";
  in.sets[1].label = "b";
  const std::vector<std::string> none;
  const std::string html = FormatHtmlReport(in, {none, rows, none, none, 95});
  for (const char* cell : {"page-faults=minflt", "65.88M", "0.000123", "-0.000333% +/- 0.000967%",
                           "<0.0001", "0.0312", "same within 1%"}) {
    EXPECT_NE(text.find(cell), std::string::npos) << cell << " not in\n" << text;
  }
  for (const char* cell :
       {">page-faults=minflt<", ">65.88M<", ">0.000123<", ">-0.000333% ± 0.000967%<",
        ">&lt;0.0001<", ">0.0312<", ">same within 1%<"}) {
    EXPECT_NE(html.find(cell), std::string::npos) << cell;
  }
  EXPECT_EQ(html.find("e-0"), std::string::npos) << "e-notation in the HTML";
}

}  // namespace
}  // namespace timeit
