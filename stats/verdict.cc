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
    const double ratio = x.mean / baseline.mean;
    j.difference = {d.test,     difference, 0,
                    0,          0,          0,
                    difference, difference, {ratio, ratio, ratio, baseline.mean != 0}};
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
  if (d.ratio.bounded && scale != 0) {
    // The change is the ratio less 1, in percent of |mean(baseline)|: of a
    // negative baseline mean a larger ratio is a smaller value.
    const double sign = baseline.mean < 0 ? -1 : 1;
    const double a = (d.ratio.low - 1) * 100 * sign, b = (d.ratio.high - 1) * 100 * sign;
    j.change_percent = (d.ratio.ratio - 1) * 100 * sign;
    j.low_percent = std::fmin(a, b);
    j.high_percent = std::fmax(a, b);
    j.verdict = ByInterval(j.change_percent, j.low_percent, j.high_percent, rule.threshold_percent,
                           rule.lower_is_better);
    return j;
  }
  // No bounded interval of the ratio: mean(baseline) is 0, or not told from
  // 0 by its own interval. Whether there is a change at all the difference's
  // interval says (the same test: it holds 0 exactly when the ratio's
  // unbounded set holds 1), and an unbounded interval is never within the
  // threshold, so never "same".
  j.change_percent = Percent(d.estimate, scale);
  j.low_percent = j.high_percent = std::numeric_limits<double>::quiet_NaN();
  if (std::isnan(d.low) || std::isnan(d.high)) {
    j.verdict = Verdict::kInconclusive;
  } else if (d.low > 0 || d.high < 0) {
    j.verdict = rule.threshold_percent > 0 && std::fabs(j.change_percent) <= rule.threshold_percent
                    ? Verdict::kBelowThreshold
                    : ByDirection(d.estimate, rule.lower_is_better);
  } else {
    j.verdict = rule.threshold_percent > 0 ? Verdict::kInconclusive : Verdict::kNoDifference;
  }
  return j;
}

Judgement Judge(const Summary& x, const Summary& baseline, const VerdictRule& rule) {
  const MeanDifference d = rule.test == MeanTest::kStudent
                               ? StudentDifference(x, baseline, rule.confidence_percent)
                               : WelchDifference(x, baseline, rule.confidence_percent);
  return JudgeDifference(d, x, baseline, rule);
}

}  // namespace timeit::stats
