#include "stats/verdict.h"

#include <cmath>
#include <limits>

namespace timeit::stats {
namespace {

Verdict ByDirection(double difference, bool lower_is_better) {
  return (difference < 0) == lower_is_better ? Verdict::kBetter : Verdict::kWorse;
}

/// `value` in percent of `scale`; of a baseline mean of 0 any change is an
/// infinite percentage (0 stays 0).
double Percent(double value, double scale) {
  if (scale != 0) return value * 100 / scale;
  return value == 0 || std::isnan(value)
             ? value
             : std::copysign(std::numeric_limits<double>::infinity(), value);
}

Verdict ByInterval(double estimate, double low, double high, double threshold,
                   bool lower_is_better) {
  if (std::isnan(low) || std::isnan(high)) return Verdict::kInconclusive;
  if (low > 0 || high < 0) {
    return threshold > 0 && std::fabs(estimate) <= threshold
               ? Verdict::kBelowThreshold
               : ByDirection(estimate, lower_is_better);
  }
  if (threshold <= 0) return Verdict::kNoDifference;
  return low > -threshold && high < threshold ? Verdict::kSame : Verdict::kInconclusive;
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

Judgement JudgeDifference(const MeanDifference& d, const Summary& x, const Summary& baseline,
                          const VerdictRule& rule) {
  Judgement j;
  const double scale = std::fabs(baseline.mean);
  j.constant = x.variance == 0 && baseline.variance == 0;
  if (j.constant) {
    const double difference = x.mean - baseline.mean;
    j.difference = {d.test, difference, 0, 0, 0, 0, difference, difference};
    j.change_percent = j.low_percent = j.high_percent =
        difference == 0 ? 0
        : scale == 0    ? std::copysign(std::numeric_limits<double>::infinity(), difference)
                        : difference * 100 / scale;
    const bool beyond = std::fabs(j.change_percent) > rule.threshold_percent;
    j.verdict = difference != 0 && beyond ? ByDirection(difference, rule.lower_is_better)
                                          : Verdict::kConstant;
    return j;
  }
  j.difference = d;
  j.student = CompareStudent(x, baseline, rule.confidence_percent);
  j.change_percent = Percent(d.estimate, scale);
  j.low_percent = Percent(d.low, scale);
  j.high_percent = Percent(d.high, scale);
  if (scale == 0) {
    // No percentage to hold against the threshold: any change from 0 is
    // beyond it, so the interval in the values' unit decides worse or better,
    // and one that holds 0 cannot be "same".
    const Verdict v = ByInterval(d.estimate, d.low, d.high, 0, rule.lower_is_better);
    j.verdict =
        v == Verdict::kNoDifference && rule.threshold_percent > 0 ? Verdict::kInconclusive : v;
    return j;
  }
  j.verdict = ByInterval(j.change_percent, j.low_percent, j.high_percent, rule.threshold_percent,
                         rule.lower_is_better);
  return j;
}

Judgement Judge(const Summary& x, const Summary& baseline, const VerdictRule& rule) {
  const MeanDifference d = rule.test == MeanTest::kStudent
                               ? StudentDifference(x, baseline, rule.confidence_percent)
                               : WelchDifference(x, baseline, rule.confidence_percent);
  return JudgeDifference(d, x, baseline, rule);
}

}  // namespace timeit::stats
