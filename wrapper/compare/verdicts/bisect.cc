#include "wrapper/compare/verdicts/bisect.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "wrapper/base/errors.h"
#include "wrapper/compare/sets/conditions.h"
#include "wrapper/compare/verdicts/readable_numbers.h"
#include "wrapper/compare/verdicts/report_cells.h"

namespace timeit {
namespace {

/// Conditions that may differ between a good commit's series and this one
/// without making the comparison unfair.
bool IsSetupCondition(const std::string& name) {
  return name != "load1" && name != "kernel_release";
}

bool Gates(const ComparisonRow& row, const std::vector<std::string>& gated) {
  if (gated.empty()) return true;
  if (std::find(gated.begin(), gated.end(), row.metric) != gated.end()) return true;
  return std::any_of(row.same_as.begin(), row.same_as.end(), [&](const std::string& m) {
    return std::find(gated.begin(), gated.end(), m) != gated.end();
  });
}

bool Covers(const ComparisonRow& row, const std::string& metric, const std::string& set) {
  return row.set == set &&
         (row.metric == metric ||
          std::find(row.same_as.begin(), row.same_as.end(), metric) != row.same_as.end());
}

const std::vector<double>* ValuesOf(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it == set.metrics.end() ? nullptr : &it->second.values;
}

/// Whether `metric` has one value in every run of both sets, at least two
/// runs each: the summary has no row for it, as there is nothing to test,
/// and it is the same.
bool SameInEveryRun(const CompareSet& base, const CompareSet& other, const std::string& metric) {
  const std::vector<double>* a = ValuesOf(base, metric);
  const std::vector<double>* b = ValuesOf(other, metric);
  if (a == nullptr || b == nullptr || a->size() < 2 || b->size() < 2) return false;
  const double v = a->front();
  return std::all_of(a->begin(), a->end(), [v](double x) { return x == v; }) &&
         std::all_of(b->begin(), b->end(), [v](double x) { return x == v; });
}

/// Whether an inconclusive row's interval reaches a change for the worse
/// beyond the threshold. Bisecting asks "is it worse?", so an interval that
/// only reaches past the threshold on the better side answers it: no.
bool MayBeWorse(const ComparisonRow& row) {
  // No interval at all (too few degrees of freedom between boots): it may.
  if (std::isnan(row.relative.low_percent) || std::isnan(row.relative.high_percent)) return true;
  return row.lower_is_better ? row.relative.high_percent > row.threshold_percent
                             : row.relative.low_percent < -row.threshold_percent;
}

/// "sys worse in after (+212% (+180% .. +247%))", the change as the summary
/// gives it: "(+4.1% +/- 0.5%)", from a baseline mean of 0 "(+2 +/- 1.6 (from 0))".
std::string Describe(const ComparisonRow& row) {
  const std::string text =
      fmt::format("{} {} in {}", RowMetricName(row), VerdictText(row), row.set);
  if (row.verdict != stats::Verdict::kWorse && row.verdict != stats::Verdict::kInconclusive)
    return text;
  return text + " (" + FormatRowCells({row}).front().Difference("+/-") + ")";
}

std::string Join(const std::vector<std::string>& items) {
  return fmt::format("{}", fmt::join(items, "; "));
}

BisectAnswer Answer(int status, const std::string& baseline, const std::string& why) {
  const char* word = status == kExitBisectGood ? "good" : status == kExitBisectBad ? "bad" : "skip";
  return {status, fmt::format("bisect: {} (exit {}) against {}: {}", word, status, baseline, why)};
}

/// What each gated metric says, sorted by what it means for the commit.
struct Findings {
  std::vector<std::string> worse, unsure, fine;
};

/// "set differs in governor: ..." for each condition of the setup in which
/// a set differs from the baseline.
std::vector<std::string> SetupDifferences(const CompareInput& in) {
  std::vector<std::string> differences;
  for (std::size_t i = 1; i < in.sets.size(); ++i)
    for (const ConditionDifference& d : ConditionDifferences(in.sets.front(), in.sets[i]))
      if (IsSetupCondition(d.name))
        differences.push_back(fmt::format("{} differs in {}: {} → {}", in.sets[i].label, d.name,
                                          d.base_values, d.other_values));
  return differences;
}

/// A gated metric without a summary row for a set: the same in every run
/// (nothing to test), or too few values to tell.
void Unjudged(const CompareInput& in, const std::vector<ComparisonRow>& rows,
              const std::vector<std::string>& gated, Findings& f) {
  for (std::size_t i = 1; i < in.sets.size(); ++i)
    for (const std::string& m : gated) {
      if (std::any_of(rows.begin(), rows.end(),
                      [&](const ComparisonRow& r) { return Covers(r, m, in.sets[i].label); }))
        continue;
      if (SameInEveryRun(in.sets.front(), in.sets[i], m))
        f.fine.push_back(fmt::format("{} the same in every run of {}", m, in.sets[i].label));
      else
        f.unsure.push_back(
            fmt::format("{} not compared in {} (fewer than two values)", m, in.sets[i].label));
    }
}

void Judged(const std::vector<ComparisonRow>& rows, const std::vector<std::string>& gated,
            Findings& f) {
  for (const ComparisonRow& row : rows) {
    if (!Gates(row, gated)) continue;
    if (row.verdict == stats::Verdict::kWorse)
      f.worse.push_back(Describe(row));
    else if (row.verdict == stats::Verdict::kInconclusive && MayBeWorse(row))
      f.unsure.push_back(Describe(row) + ", more runs would tell");
    else if (row.verdict == stats::Verdict::kInconclusive)
      f.fine.push_back(Describe(row) + ", not worse by more than " +
                       ReadablePercent(row.threshold_percent, false) + "%");
    else
      f.fine.push_back(Describe(row));
  }
}

}  // namespace

BisectAnswer JudgeForBisect(const CompareInput& in, const std::vector<ComparisonRow>& rows,
                            const std::vector<std::string>& gated) {
  const std::string& baseline = in.sets.front().label;
  const std::vector<std::string> differences = SetupDifferences(in);
  if (!differences.empty())
    return Answer(kExitBisectSkip, baseline, Join(differences) + "; the verdicts would not tell");
  Findings f;
  Unjudged(in, rows, gated, f);
  Judged(rows, gated, f);
  if (!f.worse.empty()) return Answer(kExitBisectBad, baseline, Join(f.worse));
  if (!f.unsure.empty()) return Answer(kExitBisectSkip, baseline, Join(f.unsure));
  if (f.fine.empty()) return Answer(kExitBisectSkip, baseline, "no metric was compared");
  return Answer(kExitBisectGood, baseline, Join(f.fine));
}

}  // namespace timeit
