#pragma once

#include "stats/comparison.h"
#include "stats/equivalence.h"
#include "stats/summary.h"

namespace timeit::stats {

/// What a comparison of one set with the baseline says, once significance
/// is paired with a practical threshold (as criterion, LNT, 0-day LKP and
/// BenchmarkDotNet do): a change too small to matter is not "worse".
enum class Verdict {
  kWorse,           ///< significant and larger than the threshold, the wrong way
  kBetter,          ///< significant and larger than the threshold, the right way
  kBelowThreshold,  ///< significant, but at most the threshold
  kSame,            ///< not significant, and the interval lies inside +/- threshold
  kInconclusive,    ///< not significant, and the interval reaches past the threshold
  kNoDifference,    ///< not significant, with the threshold off (0): ministat's answer
  kConstant,        ///< every value of each set equal, the change at most the threshold
};

/// "worse", "better", "below threshold", "same", "inconclusive",
/// "no difference", "constant".
const char* VerdictName(Verdict v);

struct VerdictRule {
  double confidence_percent = 95;  ///< of Student's t and of the equivalence interval
  double threshold_percent = 1;    ///< of the baseline mean; 0 turns the threshold off
  bool lower_is_better = true;
};

struct Judgement {
  Verdict verdict = Verdict::kNoDifference;
  bool constant = false;        ///< no variance in either set: the difference is exact
  StudentComparison student;    ///< ministat's test (not run when constant)
  EquivalenceTest equivalence;  ///< TOST at +/- threshold (NaN when not run)
  double change_percent = 0;    ///< 100 * (mean(x) - mean(b)) / |mean(b)|
};

/// Judges `x` against `baseline` (each with n >= 2):
/// - no variance in either set: the change is exact; worse/better when it
///   exceeds the threshold (any change when the threshold is 0), else
///   constant;
/// - significant by ministat's Student's t at the confidence level: worse or
///   better when |difference| > threshold% of |mean(baseline)|, else below
///   threshold;
/// - not significant: same when the two one-sided tests at alpha = (1 -
///   confidence)/2 each reject a difference of threshold% or more (the
///   confidence-level interval of the difference lies inside the band),
///   else inconclusive; with the threshold off, no difference.
Judgement Judge(const Summary& x, const Summary& baseline, const VerdictRule& rule);

}  // namespace timeit::stats
