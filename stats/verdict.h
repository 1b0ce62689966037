#pragma once

#include "stats/comparison.h"
#include "stats/mean_difference.h"
#include "stats/summary.h"

namespace timeit::stats {

/// What a comparison of one set with the baseline says, once significance
/// is paired with a practical threshold (as criterion, LNT, 0-day LKP and
/// BenchmarkDotNet do): a change too small to matter is not "worse".
enum class Verdict {
  kWorse,           ///< the interval excludes 0, the change exceeds the threshold the wrong way
  kBetter,          ///< the interval excludes 0, the change exceeds the threshold the right way
  kBelowThreshold,  ///< the interval excludes 0, the change is at most the threshold
  kSame,            ///< the interval lies inside +/- threshold
  kInconclusive,    ///< the interval holds 0 and reaches past the threshold (or is undefined)
  kNoDifference,    ///< the interval holds 0, with the threshold off (0): ministat's answer
  kConstant,        ///< every value of each set equal, the change at most the threshold
};

/// "worse", "better", "below threshold", "same", "inconclusive",
/// "no difference", "constant".
const char* VerdictName(Verdict v);

struct VerdictRule {
  double confidence_percent = 95;  ///< of the test's interval
  double threshold_percent = 1;    ///< of the baseline mean; 0 turns the threshold off
  bool lower_is_better = true;
  /// The test Judge(x, baseline, rule) runs on the values: kStudent or
  /// kWelch (a mixed model needs the boots: JudgeDifference).
  MeanTest test = MeanTest::kWelch;
};

struct Judgement {
  Verdict verdict = Verdict::kNoDifference;
  bool constant = false;      ///< no variance in either set: the difference is exact
  MeanDifference difference;  ///< the test that decided (its estimate only, when constant)
  /// The estimate and the interval in percent of |mean(baseline)|: what the
  /// verdict was read from, so printing them shows why. The interval is
  /// that of the ratio of the means (MeanDifference::ratio), less 1: not
  /// symmetric about the estimate. NaN when the ratio has no bounded
  /// interval (mean(baseline) is 0, or its own interval holds 0), when the
  /// change is read from `difference` instead, and the estimate infinite
  /// for a baseline mean of 0. All three are the change itself when constant.
  double change_percent = 0;
  double low_percent = 0, high_percent = 0;
  StudentComparison student;  ///< ministat's pooled t on the values (not run when constant)
};

/// Judges `d`, a test of `x` against `baseline`, by the interval of the
/// ratio of the means, read in percent of |mean(baseline)| as ratio - 1:
/// - no variance in either set: the change is exact; worse/better when it
///   exceeds the threshold (any change when the threshold is 0), else
///   constant;
/// - the interval excludes 0: worse or better by the direction of the
///   estimate when it exceeds the threshold (or the threshold is off), else
///   below threshold;
/// - the interval holds 0: same when it lies strictly inside +/- threshold
///   (the two one-sided tests at (1 - confidence)/2 each), else inconclusive;
///   with the threshold off, no difference; an undefined interval (too few
///   degrees of freedom) is inconclusive.
/// Without a bounded interval of the ratio (a baseline mean of 0, of which
/// any change is an infinite percentage, or one not told from 0) the
/// difference's interval says whether there is a change: worse, better or
/// below threshold when it excludes 0, else inconclusive (no difference
/// with the threshold off); never same.
Judgement JudgeDifference(const MeanDifference& d, const Summary& x, const Summary& baseline,
                          const VerdictRule& rule);

/// JudgeDifference with rule.test (Student's or Welch's t) run on `x` and
/// `baseline` (each with n >= 2).
Judgement Judge(const Summary& x, const Summary& baseline, const VerdictRule& rule);

}  // namespace timeit::stats
