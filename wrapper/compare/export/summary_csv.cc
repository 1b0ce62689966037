#include "wrapper/compare/export/summary_csv.h"

#include <fmt/format.h>

#include <cmath>

#include "wrapper/base/csv_text.h"
#include "wrapper/compare/verdicts/report_cells.h"

namespace timeit {

std::string FormatSummaryCsv(const std::vector<ComparisonRow>& rows) {
  std::string text =
      "metric,better,baseline,set,n_baseline,n,mean_baseline,mean,difference,difference_percent,"
      "ci_low_percent,ci_high_percent,student_p,welch_p,mann_whitney_p,threshold_percent,"
      "verdict,unit,test,p_value,boots_baseline,boots,boot_share,hosts,host_share,run_share,"
      "ci_low,ci_high\n";
  const auto number = [&text](double v) {
    text += ',';
    if (std::isfinite(v)) text += fmt::format("{}", v);
  };
  for (const RowCells& c : FormatRowCells(rows)) {
    const ComparisonRow& r = c.row;
    for (const std::string& name : c.names) {
      AppendCsvField(text, name);
      text += "," + c.better + ",";
      AppendCsvField(text, r.baseline);
      text += ',';
      AppendCsvField(text, r.set);
      text += fmt::format(",{},{}", r.n_baseline, r.n);
      for (double v : {r.mean_baseline, r.mean, r.difference, r.relative.estimate_percent,
                       r.relative.low_percent, r.relative.high_percent, r.student_p, r.welch_p,
                       r.mann_whitney_p, r.threshold_percent})
        number(v);
      text += std::string(",") + stats::VerdictName(r.verdict) + ',';
      AppendCsvField(text, c.unit);
      text += ',';
      AppendCsvField(text, c.test);
      number(r.p);
      text += fmt::format(",{},{}", r.boots_baseline, r.boots);
      number(r.boot_share);
      text += fmt::format(",{}", r.hosts);
      number(r.host_share);
      number(r.run_share);
      // The interval of `difference`, in its unit: the only interval a row
      // has where the percentages are empty (a baseline mean of 0 or not
      // told from 0). Last, so that columns read by position keep theirs.
      number(r.difference_low);
      number(r.difference_high);
      text += '\n';
    }
  }
  return text;
}

}  // namespace timeit
