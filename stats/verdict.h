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
  /// verdict was read from, so printing them shows why. All three are the
  /// change itself when constant.
  double change_percent = 0;
  double low_percent = 0, high_percent = 0;
  StudentComparison student;  ///< ministat's pooled t on the values (not run when constant)
};

/// Judges `d`, a test of `x` against `baseline`, by its interval, read in
/// percent of |mean(baseline)| (when that mean is 0, any change is an
/// infinite percentage: worse or better when the interval excludes 0, else
/// inconclusive, or no difference with the threshold off):
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
Judgement JudgeDifference(const MeanDifference& d, const Summary& x, const Summary& baseline,
                          const VerdictRule& rule);

/// JudgeDifference with rule.test (Student's or Welch's t) run on `x` and
/// `baseline` (each with n >= 2).
Judgement Judge(const Summary& x, const Summary& baseline, const VerdictRule& rule);

}  // namespace timeit::stats
