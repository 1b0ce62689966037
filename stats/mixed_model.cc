#include "stats/mixed_model.h"

#include <cmath>
#include <limits>

#include "stats/reml.h"
#include "stats/nan.h"

namespace timeit::stats {
namespace {


/// The set means the values were centred on, as the fixed effects: the
/// baseline's mean, then each set's mean minus it.
std::vector<double> CentreEffects(const GroupedSums& sums) {
  std::vector<double> c(sums.set_means.size());
  for (std::size_t s = 0; s < c.size(); ++s)
    c[s] = s == 0 ? sums.set_means[0] : sums.set_means[s] - sums.set_means[0];
  return c;
}

/// The REML fit of `sums` into `fit` (beta holds the centring effects on
/// entry), back in the values' unit: y = centre + scale * y'.
bool FitSums(const GroupedSums& sums, MixedModelFit& fit) {
  const std::size_t p = sums.columns;
  const std::vector<double> gamma = MaximiseReml(sums);
  const GlsSolution sol = SolveGls(sums, gamma);
  if (sol.beta.size() != p || !std::isfinite(sol.log_likelihood)) return false;
  const double scale = sums.scale;
  fit.standard_error.resize(p);
  fit.covariance.resize(p * p);
  for (std::size_t j = 0; j < p; ++j) {
    fit.beta[j] += scale * sol.beta[j];
    fit.standard_error[j] = scale * std::sqrt(sol.covariance[j * p + j]);
  }
  for (std::size_t k = 0; k < p * p; ++k) fit.covariance[k] = scale * scale * sol.covariance[k];
  fit.residual_sd = scale * std::sqrt(sol.sigma2);
  fit.level_sd.clear();
  for (double g : gamma) fit.level_sd.push_back(fit.residual_sd * std::sqrt(g));
  const double residual_df = static_cast<double>(sums.observations - p);
  fit.log_likelihood = sol.log_likelihood - residual_df * std::log(scale);
  return true;
}

}  // namespace

MixedModelFit FitMixedModel(const MixedDesign& design) {
  MixedModelFit fit;
  const GroupedSums sums = MakeGroupedSums(design);
  fit.groups = sums.groups;
  const std::size_t p = sums.columns;
  if (p == 0 || sums.observations <= p || design.levels.empty()) return fit;
  fit.df = ContainmentDf(design);
  fit.beta = CentreEffects(sums);

  if (sums.scale == 0) {
    fit.ok = fit.exact = true;
    fit.standard_error.assign(p, 0.0);
    fit.covariance.assign(p * p, 0.0);
    fit.level_sd.assign(sums.groups.size(), 0.0);
    fit.log_likelihood = kNaN;
    return fit;
  }
  if (NoVarianceWithinInnermost(sums)) {
    // The limit as the residual variance goes to 0: the innermost groups'
    // means, whose residual is the innermost level's variance.
    const GroupedSums means = MakeGroupedSums(InnermostMeans(design));
    fit.beta = CentreEffects(means);
    if (means.observations <= p || !FitSums(means, fit)) return fit;
    fit.level_sd.push_back(fit.residual_sd);
    fit.residual_sd = 0;
    fit.log_likelihood = kNaN;  // unbounded
    fit.ok = true;
    return fit;
  }
  fit.ok = FitSums(sums, fit);
  return fit;
}

double VarianceShare(const MixedModelFit& fit, std::size_t level) {
  double total = fit.residual_sd * fit.residual_sd;
  for (double sd : fit.level_sd) total += sd * sd;
  if (!(total > 0) || level >= fit.level_sd.size()) return kNaN;
  return fit.level_sd[level] * fit.level_sd[level] / total;
}

}  // namespace timeit::stats
