#include "wrapper/compare/verdicts/gate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/holm.h"
#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/compare/verdicts/report_cells.h"
#include "stats/nan.h"

namespace timeit {
namespace {

using stats::kNaN;

/// "12 metrics", "1 metric"; "24 comparisons" when the family spans sets.
std::string FamilyText(const GateDecision& d) {
  const char* noun = d.several_sets ? "comparison" : "metric";
  return fmt::format("{} {}{}", d.family, noun, d.family == 1 ? "" : "s");
}

/// "real worse in b": what the summary says of the row.
std::string RowText(const ComparisonRow& r) {
  return fmt::format("{} {} in {}", RowMetricName(r), VerdictText(r), r.set);
}

}  // namespace

bool IsDifferenceVerdict(stats::Verdict v) {
  return v == stats::Verdict::kWorse || v == stats::Verdict::kBetter ||
         v == stats::Verdict::kBelowThreshold;
}

GateDecision JudgeGate(const std::vector<ComparisonRow>& rows,
                       const std::vector<stats::Verdict>& fail_on, double confidence_percent) {
  GateDecision d;
  std::vector<double> p;
  for (const ComparisonRow& r : rows) {
    p.push_back(r.p);
    if (!std::isnan(r.p)) {
      ++d.family;
      d.several_sets = d.several_sets || r.set != rows.front().set;
    }
  }
  if (fail_on.empty()) return d;
  const std::vector<double> adjusted = stats::HolmAdjust(p);
  const double alpha = 1 - confidence_percent / 100;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const stats::Verdict v = rows[i].verdict;
    if (std::find(fail_on.begin(), fail_on.end(), v) == fail_on.end()) continue;
    if (!IsDifferenceVerdict(v) || std::isnan(adjusted[i]))
      d.fired.push_back({i, kNaN});
    else
      (adjusted[i] < alpha ? d.fired : d.held).push_back({i, adjusted[i]});
  }
  return d;
}

std::vector<std::string> GateLines(const GateDecision& d, const std::vector<ComparisonRow>& rows,
                                   double confidence_percent) {
  std::vector<std::string> lines;
  if (!d.held.empty()) {
    std::vector<std::string> items;
    for (const GateRow& g : d.held)
      items.push_back(fmt::format("{} (p {}, Holm-adjusted {})", RowText(rows[g.row]),
                                  PValueText(rows[g.row].p), PValueText(g.p_adjusted)));
    lines.push_back(fmt::format("--fail-on: {} at {}% alone, not over the {} gated: {}",
                                fmt::join(items, ", "), ReadablePercent(confidence_percent, false),
                                FamilyText(d),
                                d.fired.empty() ? "the gate holds" : "not failing on these"));
  }
  if (d.fired.empty()) return lines;
  std::vector<std::string> items;
  bool any_adjusted = false;
  for (const GateRow& g : d.fired) {
    const ComparisonRow& r = rows[g.row];
    std::string item = RowText(r);
    if (!std::isnan(g.p_adjusted)) {
      item += fmt::format(" (adjusted p {})", PValueText(g.p_adjusted));
      any_adjusted = true;
    } else if (IsDifferenceVerdict(r.verdict)) {
      item += " (exact)";
    }
    items.push_back(std::move(item));
  }
  lines.push_back(fmt::format("failing (--fail-on{}): {}",
                              any_adjusted ? ", Holm over " + FamilyText(d) : "",
                              fmt::join(items, ", ")));
  return lines;
}

}  // namespace timeit
