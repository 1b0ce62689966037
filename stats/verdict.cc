#include "stats/verdict.h"

#include <cmath>
#include <limits>

namespace timeit::stats {
namespace {

Verdict ByDirection(double difference, bool lower_is_better) {
  return (difference < 0) == lower_is_better ? Verdict::kBetter : Verdict::kWorse;
}

}  // namespace

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kWorse:
      return "worse";
    case Verdict::kBetter:
      return "better";
    case Verdict::kBelowThreshold:
      return "below threshold";
    case Verdict::kSame:
      return "same";
    case Verdict::kInconclusive:
      return "inconclusive";
    case Verdict::kNoDifference:
      return "no difference";
    case Verdict::kConstant:
      return "constant";
  }
  return "?";
}

Judgement Judge(const Summary& x, const Summary& baseline, const VerdictRule& rule) {
  Judgement j;
  const double difference = x.mean - baseline.mean;
  const double scale = std::fabs(baseline.mean);
  j.change_percent = difference == 0 ? 0
                     : scale == 0
                         ? std::copysign(std::numeric_limits<double>::infinity(), difference)
                         : difference * 100 / scale;
  // The band of changes too small to matter, in the values' unit.
  const double band = rule.threshold_percent / 100 * scale;
  const bool beyond = std::fabs(difference) > band;

  j.constant = x.variance == 0 && baseline.variance == 0;
  if (j.constant) {
    j.student.difference = difference;
    j.equivalence = TestEquivalence(x, baseline, band);  // NaN: no variance
    j.verdict = difference != 0 && beyond ? ByDirection(difference, rule.lower_is_better)
                                          : Verdict::kConstant;
    return j;
  }
  j.student = CompareStudent(x, baseline, rule.confidence_percent);
  j.equivalence = TestEquivalence(x, baseline, band);
  if (j.student.significant) {
    j.verdict = rule.threshold_percent > 0 && !beyond
                    ? Verdict::kBelowThreshold
                    : ByDirection(difference, rule.lower_is_better);
  } else if (rule.threshold_percent <= 0) {
    j.verdict = Verdict::kNoDifference;
  } else {
    const double alpha = (1 - rule.confidence_percent / 100) / 2;
    j.verdict = j.equivalence.p < alpha ? Verdict::kSame : Verdict::kInconclusive;
  }
  return j;
}

}  // namespace timeit::stats
