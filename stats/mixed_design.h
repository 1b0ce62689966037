#pragma once

#include <cstddef>
#include <vector>

namespace timeit::stats {

/// Observations of several sets (kernels) grouped in nested levels, as R's
/// `lme(y ~ set, random = ~1 | host/boot)` sees them: the sets are the fixed
/// effect (treatment contrasts against set 0, the baseline), and each level
/// has a random intercept per group.
struct MixedDesign {
  std::vector<double> values;
  /// The set of each value: 0 .. sets-1, 0 the baseline; every set in that
  /// range has at least one value.
  std::vector<std::size_t> set;
  /// The group ids of each value per level, outermost first (host, boot).
  /// As in R's `host/boot`, a group of level k is the tuple of ids of levels
  /// 1..k, so boot 3 of host 1 and boot 3 of host 2 are two boots.
  std::vector<std::vector<std::size_t>> levels;
};

/// A value's row of the fixed-effects matrix and the value: intercept, one
/// indicator per set after the baseline, then y. Its width is sets + 1.
using DesignRow = std::vector<double>;

/// The design reduced to what the REML criterion needs: per innermost group
/// the count, the mean of its rows and their scatter about it, and which group of the level above
/// each group belongs to. Built once; the criterion then costs O(groups * sets^2) however many runs
/// there are.
struct GroupedSums {
  std::size_t observations = 0;
  std::size_t columns = 0;  ///< p: the fixed effects (intercept + sets - 1)
  /// groups[k]: the number of groups at level k (outermost first).
  std::vector<std::size_t> groups;
  /// parent[k][g]: the group of level k-1 holding group g of level k (k >= 1).
  std::vector<std::vector<std::size_t>> parent;
  /// Per innermost group: n, the mean of its rows (p + 1), and the sum of
  /// the outer products of the rows' deviations from that mean ((p + 1)^2,
  /// row-major). Kept apart rather than as raw sums of squares because
  /// H^-1 shrinks the between-group part by 1 / (1 + gamma n): summed
  /// together, a large gamma would subtract nearly equal numbers.
  std::vector<double> count;
  std::vector<std::vector<double>> mean;
  std::vector<std::vector<double>> within;
  /// The values as given were shifted by the set means and divided by
  /// `scale` before summing (see MakeGroupedSums); the fit undoes it.
  std::vector<double> set_means;
  double scale = 1;
};

/// Groups `design`. The values are centred on their set's mean and divided
/// by the root mean square of what remains, so the sums of squares do not
/// cancel on values such as 1e9 + small noise; the fixed effects are
/// equivariant under this (set means lie in the span of X) and the variance
/// ratios are unchanged. `scale` is 0 when every value equals its set's mean.
GroupedSums MakeGroupedSums(const MixedDesign& design);

/// Whether no value differs from its innermost group's mean (the rows of X
/// included): a counter exact inside each boot that moves between boots.
/// The REML likelihood then grows without bound as the residual variance
/// goes to 0, so the model is fitted to the group means instead (one level
/// fewer; InnermostMeans), which is that limit.
bool NoVarianceWithinInnermost(const GroupedSums& sums);

/// One value per innermost group, its mean, with the group's set and outer
/// levels; the innermost level is gone.
MixedDesign InnermostMeans(const MixedDesign& design);

/// The denominator degrees of freedom nlme's lme gives each fixed effect
/// (its getFixDF, the "containment" or between-within rule). The strata
/// are the levels, outermost first, then the residual; stratum k has
/// groups(k) - groups(k-1) degrees of freedom (the residual N - groups of
/// the innermost level). A column is estimated in the innermost stratum
/// within whose groups (those of the level above that stratum) it varies,
/// and takes one degree of freedom from it; the intercept takes one from the
/// outermost stratum and gets the largest that remains. Returns one df per
/// column of X: intercept first, then each set after the baseline.
std::vector<double> ContainmentDf(const MixedDesign& design);

}  // namespace timeit::stats
